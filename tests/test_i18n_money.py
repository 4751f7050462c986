"""Money in the studio's language: the engine writes ``$0.0123`` for the command line and the
logs; the studio writes the same figure from the numeric cost with ``QLocale``
(:func:`app.i18n.locale_text.money`), so French reads ``0,0123 $``, in the chat's meter as in
the analytics and the simulation report, and "no cost (scripted)" is said in the language too.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine.dialogue.ledger import Totals, format_usd

pytestmark = pytest.mark.gui


@pytest.fixture
def speaking(qtbot: Any) -> Iterator[Any]:
    """Switch the studio's language; English again afterwards, for the next tests."""
    from PySide6.QtCore import QSettings

    from app.i18n.languages import translations

    chosen = translations()

    def speak(language: str) -> None:
        chosen.choose(language, QSettings())
        qtbot.wait(1)  # Qt posts LanguageChange to every window: let them handle it

    yield speak
    chosen.apply("en")
    qtbot.wait(1)


BILLED = Totals(llm_calls=2, input_tokens=1200, output_tokens=80, cost_usd=0.0123)
SCRIPTED = Totals(llm_calls=2, synthetic_calls=2)


def test_money_is_the_engine_s_figure_written_as_the_language_writes_it(speaking: Any) -> None:
    from app.i18n.locale_text import cost, money

    speaking("en")
    for amount in (0.0, 0.00004, 0.0123, 0.5, 1234.5):
        assert money(amount) == format_usd(amount)  # the same text as the command line's
    assert cost(BILLED) == "$0.0123" and cost(SCRIPTED) == "no cost (scripted)"
    speaking("fr")
    assert money(0.0123) == "0,0123\u00a0$" and money(1234.5) == "1\u202f234,50\u00a0$"
    assert cost(SCRIPTED) == "sans coût (scripté)"
    speaking("hi")
    assert money(0.0123) == "$0.0123" and cost(SCRIPTED) == "कोई ख़र्च नहीं (स्क्रिप्टेड)"


def test_the_chat_meter_writes_its_cost_with_a_decimal_comma_in_french(
    speaking: Any, qtbot: Any
) -> None:
    from app.logview.variables_panel import MeterLabel

    meter = MeterLabel()
    qtbot.addWidget(meter)
    meter.show_meter(BILLED, 1)
    assert "$0.0123" in meter.text()
    speaking("fr")  # live: the meter says it again
    assert "0,0123\u00a0$" in meter.text() and "$" not in meter.text().replace("\u00a0$", "")
    speaking("en")
    assert "$0.0123" in meter.text()


def test_analytics_write_the_cost_with_a_decimal_comma_in_french(
    analyst_logs: Any, tmp_path: Path, speaking: Any
) -> None:
    from app.analytics.panel import StepPanel
    from app.analytics.window import summary
    from engine.stats import collect_stats

    report = collect_stats([log.path for log in analyst_logs.values()])
    # priced as a real model's, whatever replied
    first, *others = report.conversations
    report.conversations = [replace(first, totals=BILLED)] + [
        replace(c, totals=Totals()) for c in others
    ]
    speaking("fr")
    assert "coût 0,0123\u00a0$" in summary(report)
    panel = StepPanel()
    panel.set_report(report)
    assert "0,0123\u00a0$ au total" in panel.figures.text()
    panel.deleteLater()
