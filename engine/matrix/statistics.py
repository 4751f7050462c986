"""The matrix's statistics, in plain Python: intervals, pass^k, paired tests, Holm.

Everything is exact or closed-form, so that the figures a CI gate acts on can be checked by hand
(and are, against scipy and statsmodels, in ``tests/test_matrix_statistics.py``):

* :func:`wilson` — the Wilson score interval of a proportion (95 % by default). Unlike the
  "rate ± 1.96·SE" interval it never leaves [0, 1] and stays honest at 0/10 or 10/10: ten passes
  out of ten is ``[0.722, 1.0]``, not "100 %".
* :func:`pass_all_k` — pass^k (τ-bench): the chance that all ``k`` tries of a test pass,
  estimated without bias per test as C(c, k) / C(n, k) (c passes of n tries) and averaged
  over the tests. With k = n it is the share of tests whose every repeat passed.
* :func:`mcnemar_exact` — the exact two-sided McNemar test of paired outcomes: of the pairs
  where the two cells disagree (``b`` one way, ``c`` the other), is the split further from
  even than chance allows? Under the null each discordant pair is a fair coin, so the p-value
  is ``2 · P(X ≤ min(b, c))`` for X ~ Binomial(b + c, ½), capped at 1, computed with integer
  binomial coefficients (:func:`math.comb`) and one correctly rounded division.
* :func:`holm` — Holm's step-down adjustment of many p-values (family-wise error ≤ α), as
  statsmodels' ``multipletests(method="holm")`` returns them.

No third-party package is needed at run time.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

__all__ = ["Z95", "binomial_cdf_half", "holm", "mcnemar_exact", "pass_all_k", "wilson"]

#: The two-sided 95 % normal quantile, 1.959963984540054.
Z95 = NormalDist().inv_cdf(0.975)


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``trials``; (0, 1) with no trial."""
    if not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes}/{trials}")
    if trials == 0:
        return (0.0, 1.0)
    n = trials
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # At 0 and n the bounds are exactly 0 and 1 (rounding would leave 1e-17 or so).
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == trials else min(1.0, centre + half)
    return (lo, hi)


def pass_all_k(outcomes: Sequence[tuple[int, int]], k: int | None = None) -> float | None:
    """pass^k over tests given as (passes, tries): the mean of C(c, k) / C(n, k).

    ``k`` defaults to the smallest number of tries of any test (every test then counts);
    tests with fewer than ``k`` tries are left out. ``None`` when no test counts.
    """
    usable = [(c, n) for c, n in outcomes if n > 0]
    if not usable:
        return None
    k = min(n for _, n in usable) if k is None else k
    counted = [math.comb(c, k) / math.comb(n, k) for c, n in usable if n >= k]
    return sum(counted) / len(counted) if counted else None


def binomial_cdf_half(k: int, n: int) -> float:
    """P(X ≤ k) for X ~ Binomial(n, ½), exactly (one rounding, at the end)."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    return sum(math.comb(n, i) for i in range(k + 1)) / (1 << n)


def mcnemar_exact(b: int, c: int) -> float:
    """The exact two-sided McNemar p-value for ``b`` and ``c`` discordant pairs."""
    if b < 0 or c < 0:
        raise ValueError("discordant counts are never negative")
    n = b + c
    if n == 0:
        return 1.0
    return min(1.0, 2 * binomial_cdf_half(min(b, c), n))


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values, in the order given.

    Sorted ascending, the i-th smallest (from 0) becomes max over j ≤ i of (m − j)·p_(j),
    capped at 1: reject where the adjusted value is below α and the family-wise error rate
    stays under α, whatever the dependence between the tests.
    """
    m = len(pvalues)
    order = sorted(range(m), key=lambda index: pvalues[index])
    adjusted = [0.0] * m
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[index]))
        adjusted[index] = running
    return adjusted
