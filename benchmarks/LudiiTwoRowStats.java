import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import game.Game;
import main.Status;
import other.GameLoader;
import other.context.Context;
import other.move.Move;
import other.trial.Trial;

/**
 * ../shared/ludii/LudiiStats.java with Oware.lud's proposals counted and, on request, left out.
 * Extra columns: proposals (Propose moves in the trial), votedEnd (1 when the last move is a vote
 * ending the game). Extra RNG mode "mixed-nopropose": the playout is this driver's own loop, a move
 * drawn uniformly from Ludii's legal moves less its proposals (what the `ludii` ruleset's declined
 * proposal plays), with the same per-playout seeds as "mixed".
 *
 * usage: java -cp classes:Common/res:... LudiiStats LUD_PATH OPTIONS N SEED WARMUP_S OUT_CSV
 *   LUD_PATH  e.g. /lud/board/sow/four_rows/Nsolo.lud
 *   OPTIONS   ';'-separated option strings ("Board Size/10"), or "-" for the file's defaults
 *   N         timed playouts
 *   SEED      base seed (see RNG)
 *   WARMUP_S  seconds of untimed playouts first (JIT warm-up)
 *   OUT_CSV   one row per timed playout
 *   [RNG]     how playout i gets its java.util.Random: "mixed" (default): new Random(splitmix64(SEED * 0x9E3779B97F4A7C15L + i));
 *             "consecutive": new Random(SEED * 1000003L + i) -- do not use: the first draws of java.util.Random
 *             over consecutive seeds are far from uniform (nextInt(8) over 10,000 consecutive seeds gave
 *             [139, 0, 1073, 819, 2290, 2549, 1497, 1633]), which biased the opening moves and the results
 *             (Tshuba P1 55.5% instead of 51.2%);
 *             "shared": one new Random(SEED) for all playouts
 *
 * Per playout: winner (trial.status().winner(), 0 = none), moves (trial.numberRealMoves(), i.e.
 * every move after the initial placement, forced passes included), turns (runs of the same mover
 * among those moves = mover changes + 1), numTurn (Ludii's own state counter, starting at 1 and
 * incremented at each mover change), endType (NaturalEnd / TurnLimit / MoveLimit), forcedPasses,
 * nanos (wall time of game.start + game.playout only).
 * Summary line to stdout: playouts/s by wall time, by this thread's CPU time, by process CPU time.
 */
public class LudiiTwoRowStats
{
	/** SplitMix64's finaliser: a well-mixed 64-bit seed from a counter. */
	static long splitmix64(long z)
	{
		z += 0x9E3779B97F4A7C15L;
		z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
		z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
		return z ^ (z >>> 31);
	}

	public static void main(final String[] args) throws Exception
	{
		final String path = args[0];
		final List<String> options = new ArrayList<>();
		if (!args[1].equals("-"))
			options.addAll(Arrays.asList(args[1].split(";")));
		final int n = Integer.parseInt(args[2]);
		final long seed = Long.parseLong(args[3]);
		final double warmup = Double.parseDouble(args[4]);
		final String out = args[5];
		final String rngArg = args.length > 6 ? args[6] : "mixed";
		final boolean noPropose = rngArg.endsWith("-nopropose");
		final String rngMode = noPropose ? rngArg.substring(0, rngArg.length() - "-nopropose".length()) : rngArg;
		final Random shared = new Random(seed);

		final Game game = GameLoader.loadGameFromName(path, options);
		System.out.println("# game " + game.name() + " options " + options + " rng " + rngMode
				+ " maxTurns " + game.getMaxTurnLimit() + " maxMoves " + game.getMaxMoveLimit()
				+ " players " + game.players().count());

		// warm-up (untimed)
		final Random wr = new Random(-seed - 1);
		final long wEnd = System.nanoTime() + (long) (warmup * 1e9);
		int wCount = 0;
		while (System.nanoTime() < wEnd)
		{
			final Context c = new Context(game, new Trial(game));
			game.start(c);
			game.playout(c, null, 1.0, null, -1, -1, wr);
			wCount++;
		}
		System.out.println("# warm-up playouts " + wCount);

		final ThreadMXBean tmx = ManagementFactory.getThreadMXBean();
		final com.sun.management.OperatingSystemMXBean os =
				(com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

		long wallTotal = 0;
		long cpuTotal = 0;
		final long proc0 = os.getProcessCpuTime();
		try (final PrintWriter pw = new PrintWriter(out))
		{
			pw.println("i,winner,moves,turns,numTurn,endType,forcedPasses,nanos,proposals,votedEnd");
			for (int i = 0; i < n; i++)
			{
				final Random rng = rngMode.equals("shared") ? shared
						: rngMode.equals("consecutive") ? new Random(seed * 1000003L + i)
						: new Random(splitmix64(seed * 0x9E3779B97F4A7C15L + i));
				final Context context = new Context(game, new Trial(game));
				final long c0 = tmx.getCurrentThreadCpuTime();
				final long t0 = System.nanoTime();
				game.start(context);
				if (noPropose)
					while (!context.trial().over())
					{
						final main.collections.FastArrayList<Move> legal = new main.collections.FastArrayList<>();
						for (final Move m : game.moves(context).moves()) if (!m.isPropose()) legal.add(m);
						game.apply(context, legal.get(rng.nextInt(legal.size())));
					}
				else
					game.playout(context, null, 1.0, null, -1, -1, rng);
				final long t1 = System.nanoTime();
				final long c1 = tmx.getCurrentThreadCpuTime();
				wallTotal += t1 - t0;
				cpuTotal += c1 - c0;

				final Trial trial = context.trial();
				final Status status = trial.status();
				final int winner = status == null ? -1 : status.winner();
				final String endType = status == null ? "None" : String.valueOf(status.endType());
				final int start = trial.numInitialPlacementMoves();
				int turns = 0, proposals = 0;
				for (int k = start; k < trial.numMoves(); k++) if (trial.getMove(k).isPropose()) proposals++;
				final int votedEnd = trial.numMoves() > start && trial.getMove(trial.numMoves() - 1).isVote() ? 1 : 0;
				int last = -1;
				for (int k = start; k < trial.numMoves(); k++)
				{
					final Move m = trial.getMove(k);
					if (m.mover() != last)
					{
						turns++;
						last = m.mover();
					}
				}
				pw.println(i + "," + winner + "," + trial.numberRealMoves() + "," + turns + ","
						+ context.state().numTurn() + "," + endType + "," + trial.numForcedPasses() + "," + (t1 - t0) + "," + proposals + "," + votedEnd);
			}
		}
		final long proc1 = os.getProcessCpuTime();
		System.out.printf("# timed %d playouts: %.1f playouts/s wall, %.1f playouts/s thread-CPU, %.1f playouts/s process-CPU%n",
				n, n / (wallTotal / 1e9), n / (cpuTotal / 1e9), n / ((proc1 - proc0) / 1e9));
	}
}
