import java.io.*;
import java.util.*;
import org.json.*;
import game.Game;
import game.types.board.SiteType;
import other.GameLoader;
import other.context.Context;
import other.move.Move;
import other.trial.Trial;

/**
 * Variorum's random games of an alignment game (benchmarks/ludii_alignment_trace.py) replayed in Ludii,
 * decision by decision. At each recorded decision, forced same-turn moves (a single legal move while
 * the turn goes on: Ludii's pass when a line earns no removal) are applied first; then Ludii's mover,
 * board (the owner of every cell), pieces in each hand (when the record gives "hands": Ludii's hand
 * sites n and n + 1) and set of legal moves must equal the record's. Keys: a placement on
 * cell p is p (Ludii: from a hand site to p), a step f -> t is 1000 + 100 f + t, a removal on p is
 * 5000 + p (Ludii: a Remove, from = to = p), a pass -1. At the end the winner must be Ludii's (a game
 * Variorum stopped at a limit agrees when Ludii, at its own limit, has no winner either). The decisions
 * where Ludii's list of legal moves holds a move twice (its random playouts would then not choose
 * uniformly among the moves, as Variorum's do) are counted.
 * usage: LudiiAlignmentReplay LUD OPTIONS TRACE.jsonl [maxReports]
 */
public class LudiiAlignmentReplay
{
	static int totalDecisions = 0, forcedPasses = 0, repeatedMoves = 0;

	static int key(final Move m, final int n)
	{
		if (m.isPass()) return -1;
		final int f = m.from(), t = m.to();
		if (f == t) return 5000 + t;
		if (f >= n || f < 0) return t;
		return 1000 + 100 * f + t;
	}

	static Set<Integer> legalSet(final Game game, final Context c, final int n)
	{
		final Set<Integer> s = new TreeSet<>();
		for (final Move m : game.moves(c).moves()) s.add(key(m, n));
		return s;
	}

	static int[] board(final Game game, final Context c, final int n)
	{
		final int[] b = new int[n];
		for (int i = 0; i < n; i++) b[i] = c.containerState(0).who(i, game.board().defaultSite());
		return b;
	}

	/** The pieces in each player's hand (Ludii's hand sites n and n + 1, container 1 and 2). */
	static int[] hands(final Context c, final int n)
	{
		return new int[] { c.containerState(1).count(n, SiteType.Cell), c.containerState(2).count(n + 1, SiteType.Cell) };
	}

	public static void main(final String[] args) throws Exception
	{
		final List<String> options = new ArrayList<>();
		if (!args[1].equals("-")) options.addAll(Arrays.asList(args[1].split(";")));
		final Game game = GameLoader.loadGameFromName(args[0], options);
		final int maxReports = args.length > 3 ? Integer.parseInt(args[3]) : 5;
		int games = 0, agree = 0, reports = 0;
		final Map<String,Integer> kinds = new TreeMap<>();
		try (BufferedReader br = new BufferedReader(new FileReader(args[2])))
		{
			String line;
			while ((line = br.readLine()) != null)
			{
				final JSONObject g = new JSONObject(line);
				final int n = g.getInt("points");
				final JSONArray ds = g.getJSONArray("decisions");
				final Context c = new Context(game, new Trial(game));
				game.start(c);
				games++;
				String problem = null;
				for (int k = 0; k < ds.length() && problem == null; k++)
				{
					final JSONObject d = ds.getJSONObject(k);
					final int p = d.getInt("p");
					final int[] want = new int[n];
					for (int i = 0; i < n; i++) want[i] = d.getJSONArray("board").getInt(i);
					final Set<Integer> wantLegal = new TreeSet<>();
					for (int i = 0; i < d.getJSONArray("legal").length(); i++) wantLegal.add(d.getJSONArray("legal").getInt(i));
					final int choice = d.getInt("choice");
					final int[] wantHands = d.has("hands")
							? new int[] { d.getJSONArray("hands").getInt(0), d.getJSONArray("hands").getInt(1) } : null;
					int guard = 0;
					while (true)
					{
						if (c.trial().over()) { problem = "ludii-over-early"; break; }
						final Set<Integer> have = legalSet(game, c, n);
						final int[] b = board(game, c, n);
						final boolean handsAgree = wantHands == null || Arrays.equals(hands(c, n), wantHands);
						if (c.state().mover() == p && Arrays.equals(b, want) && handsAgree && have.equals(wantLegal))
						{
							if (game.moves(c).moves().size() != have.size()) repeatedMoves++; // a move listed twice: not a uniform choice
							Move chosen = null;
							for (final Move m : game.moves(c).moves()) if (key(m, n) == choice) { chosen = m; break; }
							totalDecisions++;
							game.apply(c, chosen);
							break;
						}
						final main.collections.FastArrayList<Move> lm = game.moves(c).moves();
						if (lm.size() == 1 && c.state().prev() == c.state().mover() && guard++ < 100)
						{
							if (lm.get(0).isPass()) forcedPasses++;
							game.apply(c, lm.get(0));
							continue;
						}
						problem = c.state().mover() != p ? "mover" : !Arrays.equals(b, want) ? "board" : !handsAgree ? "hands" : "legal";
						if (reports < maxReports)
						{
							reports++;
							System.out.println("game " + g.getInt("game") + " decision " + k + " (" + d.getString("text") + " by P" + p + ") mismatch: " + problem);
							System.out.println("  variorum mover P" + p + " board " + Arrays.toString(want)
									+ (wantHands == null ? "" : " hands " + Arrays.toString(wantHands)) + " legal " + wantLegal);
							System.out.println("  ludii    mover P" + c.state().mover() + " board " + Arrays.toString(b)
									+ " hands " + Arrays.toString(hands(c, n)) + " legal " + have);
							System.out.println("  decisions so far: " + decisionList(ds, k));
						}
						break;
					}
				}
				if (problem == null)
				{
					int guard = 0;
					while (!c.trial().over() && guard++ < 100)
					{
						final main.collections.FastArrayList<Move> lm = game.moves(c).moves();
						if (lm.size() == 1 && (c.state().prev() == c.state().mover() || lm.get(0).isPass()))
						{
							if (lm.get(0).isPass()) forcedPasses++;
							game.apply(c, lm.get(0));
						}
						else break;
					}
					final JSONObject r = g.getJSONObject("result");
					final String ending = r.getString("ending");
					final int vw = r.getInt("winner");
					if (!c.trial().over())
					{
						if (!ending.equals("unfinished")) problem = "ludii-not-over(variorum " + ending + ")";
					}
					else if (c.trial().status().winner() != vw)
						problem = "winner(ludii " + c.trial().status().winner() + " variorum " + vw + " " + ending + ")";
					if (problem != null && reports < maxReports)
					{
						reports++;
						System.out.println("game " + g.getInt("game") + " at end: " + problem + " ludii moves " + c.trial().numberRealMoves()
								+ " variorum moves " + g.getInt("moves") + " ludii board " + Arrays.toString(board(game, c, n)));
						System.out.println("  decisions: " + decisionList(ds, ds.length()));
					}
				}
				if (problem == null) agree++;
				else kinds.merge(problem.replaceAll("\\(.*", ""), 1, Integer::sum);
			}
		}
		System.out.println("games " + games + " identical " + agree + " mismatches " + kinds + "; decisions " + totalDecisions
				+ "; Ludii's forced passes applied in between " + forcedPasses
				+ "; decisions where Ludii lists a move more than once " + repeatedMoves);
	}

	static String decisionList(final JSONArray ds, final int upto)
	{
		final StringBuilder sb = new StringBuilder();
		for (int i = 0; i < upto; i++) sb.append(ds.getJSONObject(i).getString("text")).append(' ');
		return sb.toString();
	}
}
