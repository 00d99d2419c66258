import java.io.*;
import java.util.*;
import org.json.*;
import game.Game;
import other.GameLoader;
import other.context.Context;
import other.move.Move;
import other.trial.Trial;

/**
 * ../shared/ludii/LudiiReplay.java for two-row boards with stores (benchmarks/ludii_tworow_trace.py):
 * Variorum's recorded random games replayed in Ludii, decision by decision. At each recorded decision,
 * forced same-turn moves (a single legal move while the turn goes on) are applied first; then Ludii's
 * mover, board (holes and stores: the record's "sites") and set of legal decision sites must equal the
 * record's. Ludii's proposals (Oware.lud's (move Propose "End") when (is Cycle)) are left out of the
 * legal set and never chosen (the declined proposal the `ludii` ruleset stands for); the decisions
 * at which one was offered are counted. At the end, a game Variorum stopped at its turn or move limit
 * ("unfinished") agrees when Ludii stops at its own limit there with no winner.
 * A game played in rounds (Pallankuli.lud) names "rounds" as its fifth argument: the record's board then
 * lists the two hands after the holes, and Ludii's moves between rounds are applied as forced moves.
 * A game Variorum plays as Ludii's first round only (Walak-Pussa.lud) names "round" as its fifth argument:
 * the StartingMove phase's second Select (TrackCW) is marked +1000 (Variorum's "a1cw"), and at Variorum's
 * end Ludii must have ended the first round there (the Sowing phase left, or the match over), each
 * player's store holding Variorum's score (captures and own row).
 * usage: LudiiTwoRowReplay LUD OPTIONS TRACE.jsonl [maxReports] [plus | rounds | round]
 */
public class LudiiTwoRowReplay
{
	static int dupDecisions = 0, dupReports = 0, totalDecisions = 0, proposeDecisions = 0, limitGames = 0;
	static long movesLudii = 0, movesVariorum = 0;
	static final Map<String,Integer> endTypes = new TreeMap<>();
	/** Moves of this ludeme are marked +1000 (Lobudok's released Select, Variorum's "a1+"). */
	static Object plusLudeme = null;

	static int rawSite(final Move m) { return m.isPass() ? -1 : (m.from() >= 0 ? m.from() : m.to()); }

	/** A released move is marked +1000 only where a restricted move from the same hole is legal too (Variorum's "a1+"). */
	static java.util.function.ToIntFunction<Move> keyIn(final main.collections.FastArrayList<Move> legal)
	{
		return (final Move m) -> {
			final int s = rawSite(m);
			if (plusLudeme == null || m.movesLudeme() != plusLudeme) return s;
			for (final Move o : legal) if (o != m && o.movesLudeme() != plusLudeme && rawSite(o) == s) return s + 1000;
			return s;
		};
	}

	static Set<Integer> legalSet(final Game game, final Context c)
	{
		final Set<Integer> s = new TreeSet<>();
		final main.collections.FastArrayList<Move> legal = decisionMoves(game, c);
		final java.util.function.ToIntFunction<Move> key = keyIn(legal);
		for (final Move m : legal) s.add(key.applyAsInt(m));
		return s;
	}

	/** Ludii's legal moves less its proposals. */
	static main.collections.FastArrayList<Move> decisionMoves(final Game game, final Context c)
	{
		final main.collections.FastArrayList<Move> out = new main.collections.FastArrayList<>();
		for (final Move m : game.moves(c).moves()) if (!m.isPropose()) out.add(m);
		return out;
	}

	static boolean offersProposal(final Game game, final Context c)
	{
		for (final Move m : game.moves(c).moves()) if (m.isPropose()) return true;
		return false;
	}

	/** Played in rounds (5th argument "rounds"): the record's sites past the board's are the players' hands, and
	 * the moves between rounds (counters placed from a hand, passes) are applied as forced moves. */
	static boolean rounds = false;

	static int[] board(final Game game, final Context c, final int n)
	{
		final int[] b = new int[n];
		final int holes = game.board().numSites();
		for (int i = 0; i < n; i++)
			b[i] = i < holes ? c.containerState(0).count(i, game.board().defaultSite())
					: c.containerState(c.containerId()[i]).count(i, game.board().defaultSite());
		return b;
	}

	/** A move made between rounds: counters placed from a hand, or a pass. */
	static boolean betweenRounds(final Game game, final Move m)
	{
		return rounds && (m.isPass() || m.from() >= game.board().numSites());
	}

	public static void main(final String[] args) throws Exception
	{
		final List<String> options = new ArrayList<>();
		if (!args[1].equals("-")) options.addAll(Arrays.asList(args[1].split(";")));
		final Game game = GameLoader.loadGameFromName(args[0], options);
		// reduced limits (benchmarks/ludii_turn_limit.sh): a trace line with "turn_limit" T and "move_limit" M is
		// replayed under setMaxTurns(T / 2) (turns a player: Ludii's limit is T / 2 * 2 turns, the engine's T) and
		// setMaxMoveLimit(M), and its end is compared whole: Ludii's end type (TurnLimit/MoveLimit for Variorum's
		// unfinished), the board and Ludii's turn count (numTurn); the counts are kept by limits
		final int defaultTurns = game.getMaxTurnLimit(), defaultMoves = game.getMaxMoveLimit();
		final int maxReports = args.length > 3 ? Integer.parseInt(args[3]) : 5;
		rounds = args.length > 4 && args[4].equals("rounds");
		final boolean roundOne = args.length > 4 && args[4].equals("round");
		if (roundOne)
			plusLudeme = ((game.rules.play.moves.nonDecision.operators.logical.Or) game.rules().phases()[0].play().moves()).list()[1];
		if (args.length > 4 && args[4].equals("plus"))
		{
			// (or SelectA (if cond SelectB)): SelectB's moves are the released ones
			final game.rules.play.moves.Moves root = game.rules().phases()[0].play().moves();
			final game.rules.play.moves.Moves second = ((game.rules.play.moves.nonDecision.operators.logical.Or) root).list()[1];
			plusLudeme = ((game.rules.play.moves.nonDecision.operators.logical.If) second).list();
			System.out.println("plus ludeme: " + plusLudeme);
		}
		int games = 0, agree = 0, reports = 0;
		final Map<String,Integer> kinds = new TreeMap<>();
		try (BufferedReader br = new BufferedReader(new FileReader(args[2])))
		{
			String line;
			while ((line = br.readLine()) != null)
			{
				final JSONObject g = new JSONObject(line);
				final boolean limits = g.has("turn_limit");
				final String limitKey = limits ? g.getInt("turn_limit") + ":" + g.getInt("move_limit") : "default";
				game.setMaxTurns(limits ? g.getInt("turn_limit") / 2 : defaultTurns);
				game.setMaxMoveLimit(limits ? g.getInt("move_limit") : defaultMoves);
				final int n = g.optInt("sites", g.getInt("rows") * g.getInt("cols"));
				final JSONArray ds = g.getJSONArray("decisions");
				final Context c = new Context(game, new Trial(game));
				game.start(c);
				games++;
				String problem = null;
				int k;
				for (k = 0; k < ds.length() && problem == null; k++)
				{
					final JSONObject d = ds.getJSONObject(k);
					final int p = d.getInt("p");
					final int[] want = new int[n];
					for (int i = 0; i < n; i++) want[i] = d.getJSONArray("board").getInt(i);
					final Set<Integer> wantLegal = new TreeSet<>();
					for (int i = 0; i < d.getJSONArray("legal").length(); i++) wantLegal.add(d.getJSONArray("legal").getInt(i));
					final int choice = d.getInt("choice");
					int guard = 0;
					while (true)
					{
						if (c.trial().over())
						{
							problem = "ludii-over-early";
							if (reports++ < maxReports)
								System.out.println("game " + g.getInt("game") + " decision " + k + " (" + d.getString("text") + " by P" + p + "): Ludii's game is over (" + c.trial().status().endType() + ", Ludii turns " + c.trial().numTurns() + ", winner P"
										+ c.trial().status().winner() + ", board " + Arrays.toString(board(game, c, n)) + "); variorum board " + d.getJSONArray("board")
										+ "; decisions so far: " + decisionList(ds, k));
							break;
						}
						final Set<Integer> have = legalSet(game, c);
						final int[] b = board(game, c, n);
						if (c.state().mover() == p && Arrays.equals(b, want) && have.equals(wantLegal))
						{
							Move chosen = null;
							final main.collections.FastArrayList<Move> all = decisionMoves(game, c);
							if (offersProposal(game, c)) proposeDecisions++;
							if (all.size() != have.size())
							{
								dupDecisions++;
								if (dupReports < 5)
								{
									dupReports++;
									final Map<Integer,Integer> mult = new TreeMap<>();
									for (final Move m : all) mult.merge(keyIn(all).applyAsInt(m), 1, Integer::sum);
									System.out.println("DUP game " + g.getInt("game") + " decision " + k + " by P" + p + " board " + Arrays.toString(b) + " ludii multiplicities " + mult + " decisions so far: " + decisionList(ds, k));
								}
							}
							totalDecisions++;
							for (final Move m : all) if (keyIn(all).applyAsInt(m) == choice) { chosen = m; break; }
							game.apply(c, chosen);
							break;
						}
						final main.collections.FastArrayList<Move> lm = decisionMoves(game, c);
						if (lm.size() == 1 && (c.state().prev() == c.state().mover() || betweenRounds(game, lm.get(0))) && guard++ < 20000)
						{
							game.apply(c, lm.get(0));
							continue;
						}
						problem = (c.state().mover() != p ? "mover" : !Arrays.equals(b, want) ? "board" : "legal") + lapTag(ds, k);
						if (reports < maxReports)
						{
							reports++;
							System.out.println("game " + g.getInt("game") + " decision " + k + " (" + d.getString("text") + " by P" + p + ") mismatch: " + problem);
							System.out.println("  variorum mover P" + p + " board " + Arrays.toString(want) + " legal " + wantLegal);
							System.out.println("  ludii    mover P" + c.state().mover() + " board " + Arrays.toString(b) + " legal " + have);
							if (k > 0) { final JSONObject pd = ds.getJSONObject(k-1); System.out.println("  previous decision " + pd.getString("text") + " by P" + pd.getInt("p") + " from board " + pd.getJSONArray("board")); }
							System.out.println("  decisions so far: " + decisionList(ds, k));
						}
						break;
					}
				}
				if (problem == null)
				{
					// finish forced moves, then compare the end
					int guard = 0;
					while (!c.trial().over() && guard++ < 20000 && !(roundOne && c.state().currentPhase(c.state().mover()) > 1))
					{
						final main.collections.FastArrayList<Move> lm = decisionMoves(game, c);
						if (lm.size() == 1 && (c.state().prev() == c.state().mover() || lm.get(0).isPass())) game.apply(c, lm.get(0)); else break;
					}
					final JSONObject r = g.getJSONObject("result");
					final String ending = r.getString("ending");
					final int vw = r.getInt("winner");
					if (roundOne)
					{
						// the first round's end: Ludii's stores against Variorum's scores (captures and own row)
						final JSONArray fb = g.getJSONArray("final_board");
						final int[] lb = board(game, c, n);
						final int half = (n - 2) / 2;
						int va = fb.getInt(0), vb = fb.getInt(n - 1);
						for (int i = 1; i <= half; i++) { va += fb.getInt(i); vb += fb.getInt(n - 1 - i); }
						final boolean ended = c.trial().over() || c.state().currentPhase(c.state().mover()) > 1;
						endTypes.merge(ending + "/" + (c.trial().over() ? c.trial().status().endType().toString() : "BetweenRounds"), 1, Integer::sum);
						if (ending.equals("endless") || ending.equals("unfinished"))
						{
							// Variorum's endless move or limit: Ludii stops at its own limit, with no winner
							if (!c.trial().over() || c.trial().status().endType() == main.Status.EndType.NaturalEnd)
								problem = "ending(ludii " + (c.trial().over() ? c.trial().status().endType().toString() : "not over") + " variorum " + ending + ")";
						}
						else if (!ended)
							problem = "ludii-round-not-over(variorum " + ending + ")";
						else if (lb[0] != va || lb[n - 1] != vb)
							problem = "scores(ludii " + lb[0] + "-" + lb[n - 1] + " variorum " + va + "-" + vb + ")";
					}
					else if (c.trial().over()) endTypes.merge(ending + "/" + c.trial().status().endType(), 1, Integer::sum);
					if (roundOne) { }
					else if (!c.trial().over())
						problem = "ludii-not-over(variorum " + ending + ")";
					else if (ending.equals("unfinished") != (c.trial().status().endType() != main.Status.EndType.NaturalEnd))
						problem = "ending(ludii " + c.trial().status().endType() + " variorum " + ending + ")";
					else if (c.trial().status().winner() != vw)
						problem = "winner" + lapTag(ds, ds.length()) + "(ludii " + c.trial().status().winner() + " variorum " + vw + " " + ending + ")";
					else if (limits && !Arrays.equals(board(game, c, n), jsonInts(g.getJSONArray("final_board"))))
						problem = "final-board(ludii " + Arrays.toString(board(game, c, n)) + " variorum " + g.getJSONArray("final_board") + ")";
					else if (limits && c.state().numTurn() != g.getInt("turns"))
						problem = "turns(ludii numTurn " + c.state().numTurn() + " variorum " + g.getInt("turns") + ")";
					if (limits && problem == null) endingsChecked.merge(limitKey + " " + ending + "/" + c.trial().status().endType(), 1, Integer::sum);
					if (problem != null && reports < maxReports)
					{
						reports++;
						System.out.println("game " + g.getInt("game") + " at end: " + problem + " ludii moves " + c.trial().numberRealMoves() + " variorum moves " + g.getInt("moves")
								+ " ludii board " + Arrays.toString(board(game, c, n)) + " mover P" + c.state().mover());
						System.out.println("  decisions: " + decisionList(ds, ds.length()));
					}
				}
				if (problem == null && ending(g).equals("unfinished")) limitGames++;
				if (problem == null) { movesLudii += c.trial().numberRealMoves(); movesVariorum += g.getInt("moves"); }
				if (problem == null) agree++;
				else kinds.merge(problem.replaceAll("\\(.*", ""), 1, Integer::sum);
				if (limits)
				{
					byLimit.computeIfAbsent(limitKey, x -> new int[2])[0]++;
					if (problem == null) byLimit.get(limitKey)[1]++;
					else byLimitKinds.merge(limitKey + " " + problem.replaceAll("\\(.*", ""), 1, Integer::sum);
				}
			}
		}
		System.out.println("games " + games + " identical " + agree + " (of which both stopped at a limit " + limitGames + ") mismatches " + kinds + "; decisions " + totalDecisions
				+ " of which with duplicate Ludii moves " + dupDecisions + ", with a Ludii proposal offered " + proposeDecisions + "; endings (variorum/ludii) " + endTypes
				+ "; moves in the identical games: Ludii's numberRealMoves " + movesLudii + ", Variorum's " + movesVariorum);
		for (final Map.Entry<String,int[]> e : byLimit.entrySet())
		{
			final Map<String,Integer> ends = new TreeMap<>(), departs = new TreeMap<>();
			for (final Map.Entry<String,Integer> x : endingsChecked.entrySet())
				if (x.getKey().startsWith(e.getKey() + " ")) ends.put(x.getKey().substring(e.getKey().length() + 1), x.getValue());
			for (final Map.Entry<String,Integer> x : byLimitKinds.entrySet())
				if (x.getKey().startsWith(e.getKey() + " ")) departs.put(x.getKey().substring(e.getKey().length() + 1), x.getValue());
			System.out.println("limits " + e.getKey() + " games " + e.getValue()[0] + " identical " + e.getValue()[1]
					+ " endings compared whole (board, turns, end type) " + ends + " departures " + departs);
		}
	}

	static final Map<String,Integer> endingsChecked = new TreeMap<>(), byLimitKinds = new TreeMap<>();
	static final Map<String,int[]> byLimit = new TreeMap<>();

	static int[] jsonInts(final JSONArray a)
	{
		final int[] v = new int[a.length()];
		for (int i = 0; i < v.length; i++) v[i] = a.getInt(i);
		return v;
	}

	/**
	 * "-after-lap-N" when the decision before decision k sowed N counters from a hole and N - 1 is a
	 * multiple of the holes but one (the last counter is the one sown past the skipped origin: N = 12,
	 * 23, ... on 2 x 6), else "".
	 */
	static String lapTag(final JSONArray ds, final int k)
	{
		if (k == 0) return "";
		final JSONObject pd = ds.getJSONObject(k - 1);
		final int choice = pd.getInt("choice");
		if (choice < 0) return "";
		final int lap = pd.getJSONArray("board").getInt(choice % 1000);  // a plus move (+1000) sows from its hole too
		final int holes = pd.getJSONArray("board").length() - 2;
		return lap > holes - 1 && (lap - 1) % (holes - 1) == 0 ? "-after-lap-" + lap : "";
	}

	static String ending(final JSONObject g)
	{
		return g.getJSONObject("result").getString("ending");
	}

	static String decisionList(final JSONArray ds, final int upto)
	{
		final StringBuilder sb = new StringBuilder();
		for (int i = 0; i < upto; i++) sb.append(ds.getJSONObject(i).getString("text")).append(' ');
		return sb.toString();
	}
}
