"""Numbers, sizes, percentages, money and dates as the studio's language writes them.

Every figure the studio shows goes through here instead of ``f"{n:,}"`` or ``strftime``: the
default ``QLocale`` is the language the studio speaks (set by
:class:`~app.i18n.languages.Translations`), so *1,613* in English is *1 613* in French and the
Indian grouping *1,00,000* in Hindi, and a date is written as the reader expects. Each function
reads the locale when called, so a text set again on ``LanguageChange`` follows the switch.
"""

from __future__ import annotations

from datetime import date, datetime

from PySide6.QtCore import QCoreApplication, QDate, QDateTime, QLocale, QTime

from engine.dialogue.ledger import Totals


def _locale() -> QLocale:
    """The default locale; the C locale (``LANG=C``, the tests) groups thousands too, as
    English does, rather than writing ``4441742``."""
    locale = QLocale()
    if locale.language() == QLocale.Language.C:
        locale.setNumberOptions(QLocale.NumberOption.DefaultNumberOptions)
    return locale


def number(value: float, decimals: int | None = None) -> str:
    """``1613`` → ``1,613`` (English) / ``1 613`` (French); ``decimals`` fixes the digits
    after the point (``None``: an integer as is, a float with up to 2)."""
    locale = _locale()
    if isinstance(value, int) and decimals is None:
        return locale.toString(value)
    text = locale.toString(float(value), "f", 2 if decimals is None else decimals)
    if decimals is None and locale.decimalPoint() in text:
        text = text.rstrip("0").rstrip(locale.decimalPoint())
    return text


def percent(fraction: float, decimals: int = 0) -> str:
    """``0.5`` → ``50%`` (English) / ``50 %`` (French, with a narrow no-break space)."""
    locale = QLocale()
    digits = locale.toString(fraction * 100, "f", decimals)
    space = "\u202f" if locale.language() == QLocale.Language.French else ""
    return f"{digits}{space}{locale.percent()}"


def data_size(size: int) -> str:
    """A size in bytes as the language writes it: ``1.5 KB``, ``1,5 ko``."""
    return QLocale().formattedDataSize(size, 1, QLocale.DataSizeFormat.DataSizeTraditionalFormat)


def money(amount: float) -> str:
    """Dollars as the language writes them: ``$0.0123`` (English), ``0,0123 $`` (French).

    The digits are the engine's (:func:`engine.dialogue.ledger.format_usd`, which the command
    line and the logs keep): ``$0.00`` for nothing, six decimals under a hundredth of a cent,
    four under a dollar, cents above. The C locale (``LANG=C``, the tests) writes English."""
    locale = QLocale()
    if locale.language() == QLocale.Language.C:
        locale = QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)
    size = abs(amount)
    decimals = 2 if size == 0 or size >= 1 else 6 if size < 0.0001 else 4
    text = locale.toCurrencyString(size, "$", decimals)
    return f"{locale.negativeSign()}{text}" if amount < 0 else text


def price_unknown() -> str:
    """What every view says of a cost it cannot know (the endpoint has no price for the model):
    the studio's :data:`engine.dialogue.ledger.PRICE_UNKNOWN_TEXT`."""
    return QCoreApplication.translate("LocaleText", "price unknown")


def money_or_unknown(amount: float | None) -> str:
    """:func:`money`, or "price unknown" for ``None``."""
    return price_unknown() if amount is None else money(amount)


def cost(totals: Totals, *, synthetic: bool = False) -> str:
    """What ``totals`` cost, in the studio's language: "no cost (scripted)" when no model made
    the replies (or, with ``synthetic``, none will), "price unknown" when some call's price is
    unknown, else the dollars (:func:`money`); the studio's
    :meth:`engine.dialogue.ledger.Totals.cost_text`."""
    if totals.costs_nothing(synthetic=synthetic):
        return QCoreApplication.translate("LocaleText", "no cost (scripted)")
    return money_or_unknown(totals.cost_usd)


def cost_phrase(totals: Totals, *, synthetic: bool = False) -> str:
    """:func:`cost` as a phrase of a sentence: "cost $0.0016", "no cost (scripted)" (never
    "cost no cost") or "price unknown"."""
    if totals.costs_nothing(synthetic=synthetic) or totals.cost_usd is None:
        return cost(totals, synthetic=synthetic)
    return QCoreApplication.translate("LocaleText", "cost {amount}").format(
        amount=money(totals.cost_usd)
    )


def date_time(moment: datetime, long: bool = False) -> str:
    """A date and time in the language's own order and words (short form unless ``long``)."""
    kind = QLocale.FormatType.LongFormat if long else QLocale.FormatType.ShortFormat
    when = QDateTime(
        QDate(moment.year, moment.month, moment.day),
        QTime(moment.hour, moment.minute, moment.second),
    )
    return QLocale().toString(when, kind)


def day(value: date, long: bool = False) -> str:
    """A date alone (``12/07/2026``, ``12 juillet 2026`` when ``long``)."""
    kind = QLocale.FormatType.LongFormat if long else QLocale.FormatType.ShortFormat
    return QLocale().toString(QDate(value.year, value.month, value.day), kind)


__all__ = [
    "cost",
    "data_size",
    "date_time",
    "day",
    "money",
    "money_or_unknown",
    "number",
    "percent",
    "price_unknown",
]
