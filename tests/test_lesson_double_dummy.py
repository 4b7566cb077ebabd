"""The double-dummy figures of lesson Variety 3 (issue 20): ``lessons/variety/double_dummy.json``,
written by ``benchmarks/fig65_double_dummy.py``. The file must exist (a golden), its deals
must be the lesson's deal set 65 as the advisor draws it, and stored margins are solved
again here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit import advisor as AD
from cardkit.analysis import variety as AV
from cardkit.dealing import as_generator
from cardkit.games import variety as V
from cardkit.notation import format_hand, parse_hand
from cardkit.simulate import variety as SV

LESSON = Path(__file__).resolve().parents[1] / "lessons" / "variety"
FILE = LESSON / "double_dummy.json"
# the lesson's figure 65 (RULES.md §1.8) and the contracts of its expert-bot table
HANDS = {"a": ("KQ7.AJ5.KQ84.A92", [1, 2, 4]), "b": ("75.KQT84.AKJ96.5", [3, 1, 4]),
         "v": ("K85.A63.7.JT8432", [6, 7, 2]), "g": ("AT4.AQJ975.83.K6", [3, 5, 1])}
MIN_DEALS = 20


@pytest.fixture(scope="module")
def data():
    assert FILE.is_file(), f"{FILE} is missing: python benchmarks/fig65_double_dummy.py writes it"
    return json.loads(FILE.read_text(encoding="utf-8"))


def test_every_hand_and_contract_has_enough_solved_deals(data):
    assert data["about"] == {"deal_set": 65, "set_size": 1000, "seat": 0, "dealer": 3}
    assert set(data["hands"]) == set(HANDS)
    for label, (hand, contracts) in HANDS.items():
        rec = data["hands"][label]
        assert rec["hand"] == hand and rec["contracts"] == contracts and rec["max_nodes"] >= 10**7
        assert len(rec["deals"]) >= MIN_DEALS
        with_figure = 0
        for c in contracts:
            solved = [d["margin"][str(c)] for d in rec["deals"] if d["margin"][str(c)] is not None]
            with_figure += len(solved) >= max(12, len(rec["deals"]) / 2)
            assert all(isinstance(m, int) for m in solved)
            # contract 1 pays 12 to the side with more tricks; the defenders get 10 when the declarers lose
            if c == 1:
                assert set(solved) <= {12, -22}, solved
        assert all(set(d["margin"]) == {str(c) for c in contracts} for d in rec["deals"])
        # the lesson compares at least two contracts per hand (it shows "too long to work out" for the others)
        assert with_figure >= 2, label


def test_the_deals_are_the_lessons_deal_set_65(data):
    """Read card by card from the samples advise() plays (its _deal_set, so a change in how
    advise samples fails here), deal set 65, 1,000 deals; the bidder's hand first."""
    for label, (hand, _) in HANDS.items():
        hands, partner = AD._deal_set(parse_hand(hand), 0, 1000, as_generator(65))
        for k, d in enumerate(data["hands"][label]["deals"]):
            four = d["deal"].split(" ")
            assert four[0] == format_hand(parse_hand(hand))
            cards = [c for h in four for c in parse_hand(h)]
            assert len(set(cards)) == 52
            assert four == [format_hand(h) for h in AD._deal_of(hands, k, V.Rules())]
            assert d["partner"] == int(partner[k])


def _position(deal: str, contract: int, partner: int) -> V.State:
    st = V.new_deal([parse_hand(h) for h in deal.split(" ")], dealer=3)
    for bid in SV.auction_for(contract, (0, partner), 3):
        st.apply_action(bid)
    assert st.declarers is not None and set(st.declarers) == {0, partner} and st.contract == contract
    return st


def test_stored_margins_solve_again(data):
    """The quick searches of the first deals (under half a second when written), solved again."""
    checked = 0
    for label, (_, contracts) in HANDS.items():
        for d in data["hands"][label]["deals"][:4]:
            for c in contracts:
                if d["margin"][str(c)] is None or d["seconds"][str(c)] > 0.5:
                    continue
                st = _position(d["deal"], c, d["partner"])
                assert AV.solve_value(st) == d["margin"][str(c)], (label, d["deal"], c)
                checked += 1
    assert checked >= 8


def test_lesson_reads_the_file_and_labels_the_advice():
    nb = json.loads((LESSON / "3_choosing_a_contract.ipynb").read_text(encoding="utf-8"))
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert 'Path("double_dummy.json")' in code
    assert "'robust' if robust else 'depends on the play'" in code and "is_robust(top, rule_ranked)" in code


def test_the_writer_reproduces_a_stored_deal(data, tmp_path):
    """benchmarks/fig65_double_dummy.py run afresh on one deal writes what the file holds."""
    out = tmp_path / "dd.json"
    run = subprocess.run([sys.executable, "benchmarks/fig65_double_dummy.py", "--hands", "b", "--samples", "1",
                          "--max-nodes", str(data["hands"]["b"]["max_nodes"]), "--out", str(out), "--fresh"],
                         cwd=LESSON.parents[1], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    new = json.loads(out.read_text())["hands"]["b"]
    old = data["hands"]["b"]
    assert new["deals"][0]["deal"] == old["deals"][0]["deal"]
    assert new["deals"][0]["partner"] == old["deals"][0]["partner"]
    assert new["deals"][0]["margin"] == old["deals"][0]["margin"]
