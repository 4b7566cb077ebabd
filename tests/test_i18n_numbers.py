"""Issue 29: whole numbers on a Russian page group thousands with a no-break space (1 000, as
Babel's ``format_decimal(n, locale="ru")`` writes them), never with the English comma; English
pages keep 1,000. Decimals keep their dot in every language (the tables' margins, the charts)."""

from __future__ import annotations

import pytest
from babel.numbers import format_decimal

from cardkit.core.errors import CardkitError
from cardkit.i18n import whole_number


@pytest.mark.parametrize("n", [0, 7, 999, 1000, 12345, 100000, 1234567])
def test_whole_number_as_babel_writes_it(n):
    assert whole_number(n, "ru") == format_decimal(n, locale="ru")
    assert whole_number(n, "en") == format_decimal(n, locale="en") == f"{n:,}"
    assert whole_number(n) == f"{n:,}"


def test_whole_number_refuses_an_unknown_language():
    with pytest.raises(CardkitError):
        whole_number(1000, "xx")


def test_the_advice_table_counts_deals_the_page_s_way():
    """The advisor's caption said 'over 1,000 simulated deals' on a Russian page (fails before)."""
    from cardkit.advisor import ContractAdvice
    from cardkit.games import variety
    from cardkit_widgets.advisor import advice_table_html

    adv = [ContractAdvice(c, (4.5 - c) * 1.3, 0.4 + c / 10, 100000, 0.1 * c, c - 3.3, str(variety.contracts()[c]))
           for c in (3, 1, 6, 2, 8, 4, 5, 7)]
    ru = advice_table_html(adv, book=3, lang="ru")
    assert "100\u00a0000" in ru and "100,000" not in ru
    assert "100,000 simulated deals" in advice_table_html(adv, book=3)
