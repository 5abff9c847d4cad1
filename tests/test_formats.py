"""Numbers, shares and dates in each of the game's languages are CLDR's, value for value: Babel
(a test dependency only) reads CLDR's data and is the reference the game's own lines are held to."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import babel.dates as babel_dates
import babel.numbers as babel_numbers
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kalooki_desktop import i18n
from kalooki_desktop.i18n.formats import FORMATS, date_time_text, decimal_text, percent_text

LANGUAGES = i18n.languages()
NUMBERS = st.one_of(
    st.integers(-10**9, 10**9),
    st.floats(-1e7, 1e7, allow_nan=False, allow_infinity=False),
    st.decimals(-10**6, 10**6, places=3, allow_nan=False, allow_infinity=False).map(lambda d: float(d)),
)
MOMENTS = st.datetimes(dt.datetime(1, 1, 1), dt.datetime(9999, 12, 31, 23, 59))


def test_every_language_of_the_game_has_its_formats() -> None:
    assert set(LANGUAGES) <= set(FORMATS), "a language needs its line in kalooki_desktop/i18n/formats.py"


@pytest.mark.parametrize("language", LANGUAGES)
@settings(max_examples=300, deadline=None)
@given(value=NUMBERS, decimals=st.integers(0, 3))
def test_a_number_is_written_as_cldr_writes_it(language, value, decimals) -> None:
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    want = babel_numbers.format_decimal(value, format=pattern, locale=language)
    assert decimal_text(value, decimals, FORMATS[language]) == want


@pytest.mark.parametrize("language", LANGUAGES)
@settings(max_examples=300, deadline=None)
@given(fraction=st.one_of(st.floats(-100, 1000, allow_nan=False), st.fractions(0, 1).map(float)))
def test_a_share_is_written_as_cldr_writes_it(language, fraction) -> None:
    assert percent_text(fraction, FORMATS[language]) == babel_numbers.format_percent(fraction, locale=language)


@pytest.mark.parametrize("language", LANGUAGES)
@settings(max_examples=300, deadline=None)
@given(moment=MOMENTS)
def test_a_date_and_time_are_written_as_cldr_writes_them(language, moment) -> None:
    want = babel_dates.format_datetime(moment, format="short", locale=language)
    assert date_time_text(moment, FORMATS[language]) == want


@pytest.mark.parametrize(("value", "decimals", "text"), [
    (2.675, 2, "2.68"), (2.5, 0, "2"), (3.5, 0, "4"), (-0.4, 0, "-0"), (1234567, 0, "1,234,567"),
    (Decimal("0.125"), 2, "0.12"), (999.96, 1, "1,000.0"),
])
def test_rounding_is_half_to_even_on_the_number_as_written(value, decimals, text) -> None:
    assert decimal_text(value, decimals, FORMATS["en"]) == text
    assert babel_numbers.format_decimal(value, format="#,##0" + ("." + "0" * decimals if decimals else ""),
                                        locale="en") == text


def test_a_time_keeps_its_own_zone() -> None:
    moment = dt.datetime(2026, 12, 5, 17, 4, tzinfo=dt.timezone(dt.timedelta(hours=-5)))
    assert date_time_text(moment, FORMATS["en"]) == "12/5/26, 5:04\u202fPM"
    assert date_time_text(moment.replace(tzinfo=None), FORMATS["fi"]) == "5.12.2026 17.04"


def test_a_number_that_is_no_number_is_written_and_never_raises() -> None:
    for language in LANGUAGES:
        f = FORMATS[language]
        assert decimal_text(float("inf"), 1, f) == babel_numbers.format_decimal(float("inf"), locale=language)
        assert decimal_text(float("-inf"), 0, f) == "-∞"
        assert decimal_text(float("nan"), 2, f) == "NaN"
        assert percent_text(float("inf"), f) == babel_numbers.format_percent(float("inf"), locale=language)
