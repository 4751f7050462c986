"""The matrix's statistics agree with scipy and statsmodels (test dependencies only), and
identical cells are not called different more often than the 5 % the test promises."""

from __future__ import annotations

import math
import random
from types import SimpleNamespace

import pytest

from engine.matrix.statistics import binomial_cdf_half, holm, mcnemar_exact, pass_all_k, wilson
from engine.matrix.summary import comparisons

#: scipy and statsmodels take some 2 s to import: one worker of the suite imports them, when the
#: first test that compares with them runs, not every worker at collection.
pytestmark = pytest.mark.xdist_group("scipy_references")


@pytest.fixture(scope="module")
def ref() -> SimpleNamespace:
    """scipy's and statsmodels' functions the statistics are checked against."""
    return SimpleNamespace(
        stats=pytest.importorskip("scipy.stats"),
        proportion=pytest.importorskip("statsmodels.stats.proportion"),
        multitest=pytest.importorskip("statsmodels.stats.multitest"),
        contingency=pytest.importorskip("statsmodels.stats.contingency_tables"),
    )


def seeded_counts(seed: int, count: int) -> list[tuple[int, int]]:
    """(successes, trials) pairs as seeded runs of a fake model with a break rate give them."""
    rng = random.Random(seed)
    pairs = []
    for _ in range(count):
        trials = rng.randint(1, 200)
        rate = rng.choice([0.0, 0.05, 0.3, 0.5, 0.9, 1.0, rng.random()])
        pairs.append((sum(rng.random() < rate for _ in range(trials)), trials))
    return pairs


@pytest.mark.parametrize("seed", range(5))
def test_wilson_intervals_match_statsmodels(seed: int, ref: SimpleNamespace) -> None:
    for successes, trials in seeded_counts(seed, 200):
        lo, hi = wilson(successes, trials)
        ref_lo, ref_hi = ref.proportion.proportion_confint(
            successes, trials, alpha=0.05, method="wilson"
        )
        assert lo == pytest.approx(ref_lo, abs=1e-9)
        assert hi == pytest.approx(ref_hi, abs=1e-9)


def test_wilson_is_honest_at_the_edges() -> None:
    assert wilson(10, 10)[0] == pytest.approx(0.7224672001, abs=1e-9)
    assert wilson(0, 10) == (0.0, pytest.approx(0.2775327999, abs=1e-9))
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(3, 2)


@pytest.mark.parametrize("seed", range(5))
def test_exact_mcnemar_matches_scipy_and_statsmodels(seed: int, ref: SimpleNamespace) -> None:
    rng = random.Random(seed)
    for _ in range(200):
        b, c = rng.randint(0, 60), rng.randint(0, 60)
        mine = mcnemar_exact(b, c)
        if b + c:
            assert mine == pytest.approx(ref.stats.binomtest(b, b + c, 0.5).pvalue, abs=1e-9)
        table = [[rng.randint(0, 50), b], [c, rng.randint(0, 50)]]
        reference = ref.contingency.mcnemar(table, exact=True).pvalue
        assert mine == pytest.approx(reference, abs=1e-9)


def test_binomial_cdf_is_exact_for_large_counts(ref: SimpleNamespace) -> None:
    for n, k in [(1000, 480), (3000, 1400), (50, 0), (7, 7)]:
        assert binomial_cdf_half(k, n) == pytest.approx(ref.stats.binom.cdf(k, n, 0.5), abs=1e-12)


@pytest.mark.parametrize("seed", range(5))
def test_holm_matches_statsmodels(seed: int, ref: SimpleNamespace) -> None:
    rng = random.Random(seed)
    for size in (1, 2, 5, 17, 60):
        pvalues = [rng.choice([rng.random(), rng.random() ** 6, 1.0]) for _ in range(size)]
        reference = ref.multitest.multipletests(pvalues, alpha=0.05, method="holm")[1]
        assert holm(pvalues) == pytest.approx(list(reference), abs=1e-9)


def test_pass_all_k_is_the_share_of_tests_that_always_passed() -> None:
    assert pass_all_k([(10, 10), (9, 10), (10, 10), (0, 10)]) == 0.5
    # pass^k below the number of tries: C(c, k) / C(n, k), averaged (tau-bench)
    assert pass_all_k([(3, 4)], k=2) == pytest.approx(math.comb(3, 2) / math.comb(4, 2))
    assert pass_all_k([]) is None


def _cell(index: int, outcomes: list[list[bool]]) -> dict[str, object]:
    return {
        "index": index,
        "runs": [
            {"kind": "test", "name": f"t{test}", "repeat": repeat, "passed": passed}
            for test, row in enumerate(outcomes)
            for repeat, passed in enumerate(row)
        ],
    }


def _outcomes(rng: random.Random, rates: list[float], repeat: int) -> list[list[bool]]:
    return [[rng.random() < rate for _ in range(repeat)] for rate in rates]


def test_identical_cells_are_rarely_called_different() -> None:
    """200 seeded matrices of two cells with the same pass rates per test: the pooled
    comparison, Holm-corrected with the per-test ones, is significant in at most 5 %."""
    rng = random.Random(33)
    rates = [0.95, 0.9, 0.8, 0.7, 0.5, 0.6, 0.85, 0.99]
    significant = 0
    for _ in range(200):
        cells = [_cell(0, _outcomes(rng, rates, 10)), _cell(1, _outcomes(rng, rates, 10))]
        rows = comparisons(cells)
        significant += any(row["holm_p"] < 0.05 for row in rows)
    assert significant <= 10


def test_a_break_rate_difference_is_found() -> None:
    """The same matrices with the second cell much worse: found nearly every time."""
    rng = random.Random(34)
    found = 0
    for _ in range(200):
        good = _outcomes(rng, [0.95] * 8, 10)
        bad = _outcomes(rng, [0.6] * 8, 10)
        pooled = comparisons([_cell(0, good), _cell(1, bad)])[0]
        assert pooled["test"] is None
        found += pooled["holm_p"] < 0.05 and pooled["a_better"] > pooled["b_better"]
    assert found >= 190
