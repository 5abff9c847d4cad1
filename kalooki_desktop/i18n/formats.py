"""Numbers, shares and dates as each of the game's languages writes them.

The symbols and patterns are the Unicode CLDR's for each language (``tests/test_formats.py``
holds every one against Babel's CLDR data, value by value, so a language added to the game
without its line here fails there). Four lines of data do what the whole Babel library did at
run time: Babel's locale data cost the running game some 7 MB of memory.

Rounding is CLDR's: half to even on the number as written (``2.675`` to two places is
``2.68``), never on its binary approximation.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import ROUND_HALF_EVEN, Decimal
from typing import NamedTuple


class Formats(NamedTuple):
    """One language's ways of writing numbers and dates (CLDR)."""

    decimal: str  # the decimal mark
    group: str  # between each three digits of a whole number
    percent: str  # a share: ``{}`` stands for the whole number of percent
    date: str  # the short date, in CLDR's pattern letters
    time: str  # the short time
    date_time: str  # the two together: ``{1}`` the date, ``{0}`` the time
    am: str = "AM"
    pm: str = "PM"


FORMATS: dict[str, Formats] = {
    "en": Formats(".", ",", "{}%", "M/d/yy", "h:mm\u202fa", "{1}, {0}"),
    "de": Formats(",", ".", "{}\xa0%", "dd.MM.yy", "HH:mm", "{1}, {0}"),
    "nl": Formats(",", ".", "{}%", "dd-MM-y", "HH:mm", "{1}, {0}"),
    "fi": Formats(",", "\xa0", "{}\xa0%", "d.M.y", "H.mm", "{1} {0}"),
}

#: A run of one CLDR pattern letter, or a quoted literal.
_FIELD = re.compile(r"'[^']*'|([yMdHhma])\1*")


def _grouped(digits: str, group: str) -> str:
    head = len(digits) % 3 or 3
    return group.join([digits[:head], *(digits[i:i + 3] for i in range(head, len(digits), 3))])


def decimal_text(value: float | int | Decimal, decimals: int, f: Formats) -> str:
    """``value`` rounded (half to even) to ``decimals`` places, grouped and marked as ``f`` writes it."""
    exact = value if isinstance(value, Decimal) else Decimal(str(value))
    if not exact.is_finite():  # never a count the game keeps, but never a crash either
        return "NaN" if exact.is_nan() else ("-∞" if exact.is_signed() else "∞")
    rounded = exact.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_EVEN)
    whole, _, part = f"{abs(rounded):f}".partition(".")
    text = _grouped(whole, f.group) + (f.decimal + part if decimals > 0 else "")
    return "-" + text if rounded.is_signed() else text  # the hyphen-minus in every language


def percent_text(fraction: float | int, f: Formats) -> str:
    """A share as a whole number of percent."""
    return f.percent.format(decimal_text(Decimal(str(fraction)) * 100, 0, f))


def _field(match: re.Match[str], moment: dt.datetime, f: Formats) -> str:
    token = match.group(0)
    if token.startswith("'"):
        return token[1:-1].replace("''", "'")
    letter, width = token[0], len(token)
    if letter == "y":
        return f"{moment.year % 100:02d}" if width == 2 else str(moment.year).zfill(width)
    if letter == "a":
        return f.am if moment.hour < 12 else f.pm
    value = {"M": moment.month, "d": moment.day, "H": moment.hour, "m": moment.minute,
             "h": moment.hour % 12 or 12}[letter]
    return str(value).zfill(width)


def date_time_text(moment: dt.datetime, f: Formats) -> str:
    """The date and time of ``moment`` (as it stands: no zone is changed), short."""
    date = _FIELD.sub(lambda m: _field(m, moment, f), f.date)
    time = _FIELD.sub(lambda m: _field(m, moment, f), f.time)
    return f.date_time.replace("{1}", date).replace("{0}", time)
