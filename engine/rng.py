"""The engine's random numbers: SplitMix64, compiled, usable from Python and from compiled loops.

One generator serves the game (drawing lots for the first player) and the random agent, so that
a game played through the Python API and the same game played inside a compiled playout draw the
same numbers. A generator is a one-element ``uint64`` array (its state), so a compiled function
can advance it in place. Streams: a game's seed feeds two independent generators, one for the
game itself (``LOT_STREAM``) and one for the random agent (``AGENT_STREAM``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S1 = np.uint64(1)
_S32 = np.uint64(32)
_LOW32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(1 << 32)

LOT_STREAM = 0x5EED_0F_107
"""Stream of the game's own draws (who starts, when that is decided by lot)."""
AGENT_STREAM = 0xA6E_27
"""Stream of the random agent's choices."""

SEED_MAX = 2**63 - 1
"""Seeds are integers 0..SEED_MAX (they go into JSON records as plain numbers)."""


@njit(cache=True, inline="always")
def mix64(z: np.uint64) -> np.uint64:
    """SplitMix64's finaliser: a bijective scramble of 64 bits."""
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@njit(cache=True, inline="always")
def rng_init(rng: np.ndarray, seed: np.uint64, stream: np.uint64) -> None:
    """Set the generator ``rng`` (uint64[1]) to the start of ``stream`` for ``seed``."""
    rng[0] = mix64(seed ^ mix64(stream))


@njit(cache=True, inline="always")
def rng_next(rng: np.ndarray) -> np.uint64:
    """The next 64 random bits."""
    rng[0] += _GOLDEN
    return mix64(rng[0])


@njit(cache=True, inline="always")
def rng_below(rng: np.ndarray, n: np.int64) -> np.int64:
    """A uniform integer in 0..n-1 (1 <= n < 2**32), exactly uniform.

    Lemire's multiply-and-shift on the high 32 bits of each draw, rejecting the few low products
    that would bias it; the division that finds the rejection threshold runs only on a near miss.
    """
    un = np.uint64(n)
    m = (rng_next(rng) >> _S32) * un
    low = m & _LOW32
    if low < un:
        threshold = (_TWO32 - un) % un
        while low < threshold:
            m = (rng_next(rng) >> _S32) * un
            low = m & _LOW32
    return np.int64(m >> _S32)


@njit(cache=True)
def derive_seed(base: np.uint64, index: np.int64) -> np.int64:
    """The seed of game ``index`` of a batch seeded with ``base`` (0..SEED_MAX)."""
    return np.int64(mix64(base * _GOLDEN + np.uint64(index) + _S1) >> _S1)


def check_seed(seed: int) -> int:
    """``seed`` as an int, or ValueError if it is not an integer in 0..SEED_MAX."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    seed = int(seed)
    if not 0 <= seed <= SEED_MAX:
        raise ValueError(f"seed {seed} is out of range: seeds are integers 0..{SEED_MAX}")
    return seed


def new_rng(seed: int, stream: int) -> np.ndarray:
    """A generator (uint64[1]) for ``seed`` on ``stream``."""
    rng = np.zeros(1, dtype=np.uint64)
    rng_init(rng, np.uint64(check_seed(seed)), np.uint64(stream))
    return rng


def batch_seed(base: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``base`` (as the compiled loop derives it)."""
    return int(derive_seed(np.uint64(check_seed(base)), np.int64(index)))
