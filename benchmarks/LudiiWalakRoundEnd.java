import java.io.*;
import java.util.*;
import org.json.*;
import game.Game;
import game.functions.booleans.no.moves.NoMoves;
import game.rules.play.moves.Moves;
import game.types.play.RoleType;
import other.GameLoader;
import other.action.Action;
import other.context.Context;
import other.move.Move;
import other.trial.Trial;

/**
 * Why Ludii's Walak-Pussa.lud ends its first round where it does (benchmarks/ludii_walak-pussa.txt).
 * Replays Variorum's first rounds (benchmarks/ludii_tworow_kinds_trace.py walak-pussa ... stores) as
 * LudiiTwoRowReplay's "round" mode does, and probes every lap Ludii applies in the Sowing phase: the
 * same lap is applied in a copy of the context with the Sowing phase's (then (if (no Moves Next) ...))
 * taken off (Moves.setThen(null)) and Game.apply(..., skipEndRules true), which leaves the state as the
 * consequent finds it: whether the lap relayed (moveAgain: State.next() is the mover), which player
 * State.next() names, the board after the lap, and Ludii's own (no Moves Next) there (NoMoves.eval, the
 * ludeme the consequent, the phase's end and its nextPhase call) with the moves that player would have.
 * Then the lap is applied for real and whether the round ended (phase BetweenRounds or the match over) is
 * recorded. Tabulates (relay, Next has a move, round ended) over every lap, and prints the laps where
 * the round ended with the position, the player tested and its moves, and the rule that fired.
 * With ends=FILE, one line a game: the decision whose move ended Ludii's round (the forced relay laps after a
 * decision are its move's), whether after a relaying lap, a turn-ending lap or at Ludii's limit, and the stores.
 * usage: LudiiWalakRoundEnd LUD TRACE.jsonl [maxDumps] [ends=FILE] [game ...]
 */
public class LudiiWalakRoundEnd
{
	static Game game;
	static Moves sowingPlay;
	static final int N = 16;

	static int[] board(final Context c)
	{
		final int[] b = new int[N];
		for (int i = 0; i < N; i++) b[i] = c.containerState(0).count(i, game.board().defaultSite());
		return b;
	}

	static int rawSite(final Move m) { return m.from() >= 0 ? m.from() : m.to(); }

	/** The row of player p: P1 sites 1..7, P2 sites 8..14 (0 and 15 the stores). */
	static int rowMax(final int[] b, final int p)
	{
		int mx = 0;
		for (int i = p == 1 ? 1 : 8; i <= (p == 1 ? 7 : 14); i++) mx = Math.max(mx, b[i]);
		return mx;
	}

	static boolean inSowing(final Context c) { return c.state().currentPhase(c.state().mover()) == 1; }

	static Object secondSelect;

	static Set<Integer> legalSet(final Context c)
	{
		final Set<Integer> s = new TreeSet<>();
		for (final Move m : game.moves(c).moves()) s.add(key(m));
		return s;
	}

	static int key(final Move m) { return rawSite(m) + (m.movesLudeme() == secondSelect ? 1000 : 0); }

	/** What the consequent (if (no Moves Next) ...) sees after lap m. */
	static final class Probe
	{
		boolean relay, nextHasMove;
		int mover, next;
		int[] after;
		List<Integer> nextMoves = new ArrayList<>();
	}

	static Probe probe(final Context c, final Move m)
	{
		final Probe p = new Probe();
		p.mover = c.state().mover();
		final game.rules.play.moves.nonDecision.effect.Then then = sowingPlay.then();
		sowingPlay.setThen(null);
		try
		{
			final Context cc = new Context(c);
			Move same = null;
			// the phase's moves evaluated afresh (game.moves would return the trial's cached legal moves, the consequent on them)
			for (final Move o : sowingPlay.eval(cc).moves()) if (key(o) == key(m)) { same = o; break; }
			game.apply(cc, same, true);
			p.after = board(cc);
			p.next = cc.state().next();
			p.relay = p.next == p.mover;
			p.nextHasMove = !new NoMoves(RoleType.Next).eval(cc);
			// the moves NoMoves looks for: the phase's moves with Next as mover and the mover as prev
			cc.setMoverAndImpliedPrevAndNext(p.next);
			cc.state().setPrev(p.mover);
			for (final Move o : sowingPlay.eval(cc).moves()) p.nextMoves.add(rawSite(o));
		}
		finally { sowingPlay.setThen(then); }
		return p;
	}

	static void tabulate(final Map<String,Integer> table, final Map<String,Integer> endGames, final Probe p, final int mover, final boolean ended)
	{
		table.merge((p.relay ? "relay" : "turn-ends") + " next-has-move=" + p.nextHasMove + " round-ended=" + ended, 1, Integer::sum);
		if (p.relay) table.merge("relay: Next (the mover) has a move " + p.nextHasMove + ", mover's row max after the lap " + Math.min(2, rowMax(p.after, mover)) + (rowMax(p.after, mover) >= 2 ? "+" : ""), 1, Integer::sum);
		else table.merge("turn ends: Next (the opponent) has a move " + p.nextHasMove + ", opponent's row max after the lap " + Math.min(2, rowMax(p.after, p.next)) + (rowMax(p.after, p.next) >= 2 ? "+" : ""), 1, Integer::sum);
		if (ended)
			endGames.merge("round ended after a lap: " + (p.relay ? "relay (Next = the mover), mover's row max " + rowMax(p.after, mover)
					: "turn ended (Next = the opponent), opponent's row max " + rowMax(p.after, p.next)), 1, Integer::sum);
	}

	static PrintWriter roundEnds = null;

	/** One line a game: the decision whose move ended Ludii's round, how, and Ludii's stores. */
	static String roundEnd(final int gid, final int decision, final Probe p, final Context c)
	{
		final int[] b = board(c);
		final String how = c.trial().over() && c.trial().status().endType() != main.Status.EndType.NaturalEnd ? "limit-" + c.trial().status().endType()
				: p == null ? "startingmove" : p.relay ? "relay" : "turn-end";
		return "round-end game " + gid + " decision " + decision + " " + how + " stores " + b[0] + "-" + b[N - 1];
	}

	static String describe(final Probe p, final Context c, final boolean ended)
	{
		return " -> after the lap " + Arrays.toString(p.after) + "; moveAgain " + p.relay + ", State.next() P" + p.next
				+ ", (no Moves Next) " + !p.nextHasMove + ", P" + p.next + "'s Sowing moves " + p.nextMoves
				+ (ended ? "; ROUND ENDED: " + (c.trial().over() ? "match over (phase end rule, " + c.trial().status().endType() + ", winner P" + c.trial().status().winner() + ")"
						: "nextPhase (no Moves Next) -> phase " + c.state().currentPhase(c.state().mover()) + " BetweenRounds") + ", board " + Arrays.toString(board(c)) : "");
	}

	public static void main(final String[] args) throws Exception
	{
		game = GameLoader.loadGameFromName(args[0], new ArrayList<>());
		sowingPlay = game.rules().phases()[1].play().moves();
		secondSelect = ((game.rules.play.moves.nonDecision.operators.logical.Or) game.rules().phases()[0].play().moves()).list()[1];
		System.out.println("Sowing phase's play: " + sowingPlay.getClass().getName() + ", its then: " + sowingPlay.then());
		final int maxDumps = args.length > 2 ? Integer.parseInt(args[2]) : 5;
		final Set<Integer> only = new TreeSet<>();
		for (int i = 3; i < args.length; i++)
			if (args[i].startsWith("ends=")) roundEnds = new PrintWriter(new FileWriter(args[i].substring(5)));
			else only.add(Integer.parseInt(args[i]));
		final Map<String,Integer> table = new TreeMap<>();
		final Map<String,Integer> endGames = new TreeMap<>();
		int dumps = 0, games = 0;
		try (BufferedReader br = new BufferedReader(new FileReader(args[1])))
		{
			String line;
			while ((line = br.readLine()) != null)
			{
				final JSONObject g = new JSONObject(line);
				final int gid = g.getInt("game");
				final JSONArray ds = g.getJSONArray("decisions");
				final Context c = new Context(game, new Trial(game));
				game.start(c);
				games++;
				String outcome = null;
				int lapNo = 0, lastDecision = -1;
				String roundEnd = null;
				final List<String> laps = new ArrayList<>();
				for (int k = 0; k < ds.length() && outcome == null; k++)
				{
					final JSONObject d = ds.getJSONObject(k);
					final int[] want = new int[N];
					for (int i = 0; i < N; i++) want[i] = d.getJSONArray("board").getInt(i);
					final Set<Integer> wantLegal = new TreeSet<>();
					for (int i = 0; i < d.getJSONArray("legal").length(); i++) wantLegal.add(d.getJSONArray("legal").getInt(i));
					int guard = 0;
					while (true)
					{
						if (c.trial().over() || !(c.state().currentPhase(c.state().mover()) <= 1))
						{
							outcome = "ludii-round-over-at-decision-" + k;
							break;
						}
						final boolean matched = c.state().mover() == d.getInt("p") && Arrays.equals(board(c), want) && legalSet(c).equals(wantLegal);
						final List<Move> lm = new ArrayList<>();
						for (final Move o : game.moves(c).moves()) lm.add(o);
						Move m = null;
						if (matched) { for (final Move o : lm) if (key(o) == d.getInt("choice")) { m = o; break; } }
						else if (lm.size() == 1 && c.state().prev() == c.state().mover() && guard++ < 20000) m = lm.get(0);
						else { outcome = "mismatch-at-decision-" + k; break; }
						final int[] before = board(c);
						final boolean sowing = inSowing(c);
						final Probe p = sowing ? probe(c, m) : null;
						final int mover = c.state().mover();
						game.apply(c, m);
						lapNo++;
						final boolean ended = c.trial().over() || c.state().currentPhase(c.state().mover()) > 1;
						if (matched) lastDecision = k;
						if (ended && roundEnd == null) roundEnd = roundEnd(gid, lastDecision, p, c);
						if (p != null) tabulate(table, endGames, p, mover, ended);
						laps.add("  lap " + lapNo + (matched ? " decision " + k + " (" + d.getString("text") + ")" : " forced relay lap") + " P" + mover + " from site " + rawSite(m)
								+ " board " + Arrays.toString(before) + (p == null ? " (phase StartingMove)" : describe(p, c, ended)));
						if (matched) break;
					}
				}
				if (outcome == null)
				{
					outcome = "variorum-game-over";
					// Ludii's forced relay laps after Variorum's last decision (as LudiiTwoRowReplay applies them)
					int guard = 0;
					while (!c.trial().over() && c.state().currentPhase(c.state().mover()) <= 1 && c.state().prev() == c.state().mover() && guard++ < 20000)
					{
						final main.collections.FastArrayList<Move> lm = game.moves(c).moves();
						if (lm.size() != 1) break;
						final Move m = lm.get(0);
						final int[] before = board(c);
						final Probe p = probe(c, m);
						final int mover = c.state().mover();
						game.apply(c, m);
						lapNo++;
						final boolean ended = c.trial().over() || c.state().currentPhase(c.state().mover()) > 1;
						if (ended && roundEnd == null) roundEnd = roundEnd(gid, lastDecision, p, c);
						tabulate(table, endGames, p, mover, ended);
						laps.add("  lap " + lapNo + " forced relay lap after the last decision P" + mover + " from site " + rawSite(m) + " board " + Arrays.toString(before) + describe(p, c, ended));
					}
				}
				if (roundEnds != null) roundEnds.println(roundEnd == null ? "round-end game " + gid + " none" : roundEnd);
				final boolean ludiiEnded = c.trial().over() || c.state().currentPhase(c.state().mover()) > 1;
				String scores = "";
				if (outcome.equals("variorum-game-over") && ludiiEnded)
				{
					// Variorum's score: captures and own row (final_board in Ludii's site order)
					final JSONArray fb = g.getJSONArray("final_board");
					int va = fb.getInt(0), vb = fb.getInt(N - 1);
					for (int i = 1; i <= 7; i++) { va += fb.getInt(i); vb += fb.getInt(N - 1 - i); }
					final int[] lb = board(c);
					scores = lb[0] == va && lb[N - 1] == vb ? ", same scores" : ", scores differ (ludii " + lb[0] + "-" + lb[N - 1] + " variorum " + va + "-" + vb + ")";
					if (!scores.equals(", same scores")) outcome += scores;
				}
				endGames.merge("game outcome " + outcome.replaceAll("-\\d+$", "").replaceAll(" \\(ludii.*", "") + (outcome.startsWith("variorum-game-over") ? " ludii round over " + ludiiEnded + scores.replaceAll(" \\(ludii.*", "") : ""), 1, Integer::sum);
				if ((only.isEmpty() ? outcome.startsWith("ludii-round-over") : only.contains(gid)) && dumps++ < maxDumps)
				{
					System.out.println("game " + gid + ": " + outcome + " (Variorum " + ds.length() + " decisions, ending " + g.getJSONObject("result").getString("ending") + ", final board " + g.getJSONArray("final_board") + ")");
					final int from = Math.max(0, laps.size() - (only.isEmpty() ? 6 : laps.size()));
					for (int i = from; i < laps.size(); i++) System.out.println(laps.get(i));
				}
			}
		}
		if (roundEnds != null) roundEnds.close();
		System.out.println("games " + games);
		for (final Map.Entry<String,Integer> e : table.entrySet()) System.out.println("laps: " + e.getKey() + " = " + e.getValue());
		for (final Map.Entry<String,Integer> e : endGames.entrySet()) System.out.println(e.getKey() + " = " + e.getValue());
	}
}
