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
 * Tauru's random games (benchmarks/ludii_replay_trace.py, layout tauru) replayed in the real Ludii
 * (Tauru.lud), decision by decision: at every recorded decision Ludii's mover, the owner of every
 * point (sites 0..29 of (rectangle 5 6): site = (rank - 1) * 6 + file), the pieces in each hand and
 * the set of legal moves must equal the record's; at the end, Ludii's result must be the record's
 * (a game Variorum stopped at a limit, "unfinished", agrees when Ludii stops at its own limit).
 * Move keys: a placement its point; a removal 100 + its point; a step 10000 + 100 * from + to;
 * a pass -1.
 * usage: LudiiTauruReplay LUD OPTIONS TRACE.jsonl [maxReports]
 */
public class LudiiTauruReplay
{
	static final int POINTS = 30;

	static int key(final Move m)
	{
		if (m.isPass()) return -1;
		if (m.from() == m.to()) return 100 + m.to();
		if (m.from() >= POINTS) return m.to();
		return 10000 + 100 * m.from() + m.to();
	}

	static Set<Integer> legalSet(final Game game, final Context c)
	{
		final Set<Integer> s = new TreeSet<>();
		for (final Move m : game.moves(c).moves()) s.add(key(m));
		return s;
	}

	/** Owners of the 30 points, then the pieces in player 1's and player 2's hands. */
	static int[] position(final Context c)
	{
		final int[] b = new int[POINTS + 2];
		for (int i = 0; i < POINTS; i++) b[i] = c.containerState(0).who(i, SiteType.Cell);
		for (int p = 1; p <= 2; p++) b[POINTS + p - 1] = c.containerState(p).count(POINTS + p - 1, SiteType.Cell);
		return b;
	}

	static int[] ints(final JSONArray a)
	{
		final int[] v = new int[a.length()];
		for (int i = 0; i < v.length; i++) v[i] = a.getInt(i);
		return v;
	}

	public static void main(final String[] args) throws Exception
	{
		final List<String> options = new ArrayList<>();
		if (!args[1].equals("-")) options.addAll(Arrays.asList(args[1].split(";")));
		final Game game = GameLoader.loadGameFromName(args[0], options);
		final int maxReports = args.length > 3 ? Integer.parseInt(args[3]) : 5;
		int games = 0, agree = 0, reports = 0, decisions = 0, dups = 0, limitGames = 0;
		long movesLudii = 0, movesVariorum = 0;
		final Map<String,Integer> kinds = new TreeMap<>(), endTypes = new TreeMap<>();
		try (BufferedReader br = new BufferedReader(new FileReader(args[2])))
		{
			String line;
			while ((line = br.readLine()) != null)
			{
				final JSONObject g = new JSONObject(line);
				final JSONArray ds = g.getJSONArray("decisions");
				final Context c = new Context(game, new Trial(game));
				game.start(c);
				games++;
				String problem = null;
				for (int k = 0; k < ds.length() && problem == null; k++)
				{
					final JSONObject d = ds.getJSONObject(k);
					final int p = d.getInt("p");
					final int[] want = ints(d.getJSONArray("board"));
					final Set<Integer> wantLegal = new TreeSet<>();
					for (final int x : ints(d.getJSONArray("legal"))) wantLegal.add(x);
					final Set<Integer> have = legalSet(game, c);
					final int[] b = position(c);
					if (c.trial().over()) problem = "ludii-over-early";
					else if (c.state().mover() != p) problem = "mover";
					else if (!Arrays.equals(b, want)) problem = "board";
					else if (!have.equals(wantLegal)) problem = "legal";
					if (problem != null)
					{
						if (reports++ < maxReports)
						{
							System.out.println("game " + g.getInt("game") + " decision " + k + " (" + d.getString("text") + " by P" + p + ") mismatch: " + problem);
							System.out.println("  variorum mover P" + p + " position " + Arrays.toString(want) + " legal " + wantLegal);
							System.out.println("  ludii    mover P" + c.state().mover() + " position " + Arrays.toString(b) + " legal " + have);
							System.out.println("  decisions so far: " + decisionList(ds, k));
						}
						break;
					}
					final main.collections.FastArrayList<Move> all = game.moves(c).moves();
					if (all.size() != have.size()) dups++;
					Move chosen = null;
					for (final Move m : all) if (key(m) == d.getInt("choice")) { chosen = m; break; }
					decisions++;
					game.apply(c, chosen);
				}
				if (problem == null)
				{
					final JSONObject r = g.getJSONObject("result");
					final String ending = r.getString("ending");
					final int vw = r.getInt("winner");
					if (c.trial().over()) endTypes.merge(ending + "/" + c.trial().status().endType(), 1, Integer::sum);
					if (!c.trial().over())
						problem = "ludii-not-over(variorum " + ending + ")";
					else if (ending.equals("unfinished") != (c.trial().status().endType() != main.Status.EndType.NaturalEnd))
						problem = "ending(ludii " + c.trial().status().endType() + " variorum " + ending + ")";
					else if (c.trial().status().winner() != vw)
						problem = "winner(ludii " + c.trial().status().winner() + " variorum " + vw + " " + ending + ")";
					if (problem != null && reports++ < maxReports)
						System.out.println("game " + g.getInt("game") + " at end: " + problem + " ludii moves " + c.trial().numberRealMoves()
								+ " variorum moves " + g.getInt("moves") + " ludii position " + Arrays.toString(position(c)) + "\n  decisions: " + decisionList(ds, ds.length()));
				}
				if (problem == null)
				{
					agree++;
					if (g.getJSONObject("result").getString("ending").equals("unfinished")) limitGames++;
					movesLudii += c.trial().numberRealMoves();
					movesVariorum += g.getInt("moves");
				}
				else kinds.merge(problem.replaceAll("\\(.*", ""), 1, Integer::sum);
			}
		}
		System.out.println("games " + games + " identical " + agree + " (of which both stopped at a limit " + limitGames + ") mismatches " + kinds
				+ "; decisions " + decisions + " of which with duplicate Ludii moves " + dups + ", with a Ludii proposal offered 0; endings (variorum/ludii) " + endTypes
				+ "; moves in the identical games: Ludii's numberRealMoves " + movesLudii + ", Variorum's " + movesVariorum);
	}

	static String decisionList(final JSONArray ds, final int upto)
	{
		final StringBuilder sb = new StringBuilder();
		for (int i = 0; i < upto; i++) sb.append(ds.getJSONObject(i).getString("text")).append(' ');
		return sb.toString();
	}
}
