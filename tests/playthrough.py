"""OpenSpiel-style golden playthroughs (issue 13): a whole deal as text, with every action,
every seat's observation before it, the legal actions, and the scores at the end.

The scripted deals live here (:data:`SCRIPTS`: the cards dealt and every action, in card
names); :func:`playthrough` replays a script in the object engine and writes the text.
``tests/test_golden_playthroughs.py`` compares that text exactly with
``tests/golden/<name>.txt``, so any change to a rule the deal touches (legality, trick
winners, penalties, points, bonuses, observations) changes the text and fails the test.

To write the golden files again after a deliberate change (then read the diff against
RULES.md before committing it)::

    .venv/bin/python tests/playthrough.py     # writes tests/golden/*_playthrough.txt and variety_replay.txt

The tests never write a golden file: a missing one fails (:func:`check_golden`), saying
how to write it, so that a deleted or misnamed file cannot pass unread.

The action lists were made once by the kit's rule bots on the deals below and are frozen
here: a change to a bot never changes a playthrough.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

from cardkit import Card, Suit
from cardkit.games import armenian_durak as D
from cardkit.games import warsaw_hearts as W

GOLDEN = Path(__file__).parent / "golden"


def _fmt(x) -> str:
    """One value of an observation as text: cards in display form, suits as symbols,
    sequences in brackets, None as ``-``."""
    if x is None:
        return "-"
    if isinstance(x, Card):
        return str(x)
    if isinstance(x, Suit):
        return x.symbol
    if isinstance(x, (list, tuple)):
        return "[" + " ".join(_fmt(v) for v in x) + "]"
    if isinstance(x, bool):
        return "yes" if x else "no"
    return str(x)


def observation_text(obs) -> str:
    """Every field of an observation (a frozen dataclass), ``name=value`` separated by
    ``"; "``, in the dataclass's field order; the rules are left out (written once in the
    header) and so is ``seat`` (the line names it)."""
    return "; ".join(f"{f.name}={_fmt(getattr(obs, f.name))}" for f in dataclasses.fields(obs)
                     if f.name not in ("rules", "seat", "legal_actions"))


def playthrough(state, actions, title: str) -> str:
    """The playthrough text of ``state`` (a new deal) played with ``actions`` (notation,
    as ``state.parse_action`` reads it).

    Before each action: the step number, the phase and the player to act, each seat's
    observation (:func:`observation_text`), the legal actions of the player to act, then
    the action. At the end: the returns (points, as ``State.returns()``), and the game's
    own breakdown (Warsaw Hearts: penalties and bonuses, RULES.md §2.2; Armenian Durak:
    card points, RULES.md §3.1, §3.4).

    :raises IllegalActionError: for an action the rules refuse (a changed rule).
    """
    out = [f"# {title}", f"game: {state.game}", f"rules: {state.rules!r}", f"dealer: {state.dealer}"]
    for step, a in enumerate(actions):
        seat = state.current_player
        out.append("")
        out.append(f"## step {step}: phase {state.phase}, seat {seat} to act")
        for s in range(state.players):
            out.append(f"observation {s}: {observation_text(state.observation(s))}")
        out.append("legal: " + " ".join(state.action_to_str(x) for x in state.legal_actions()))
        action = state.parse_action(a)
        out.append(f"action: seat {seat} {state.action_to_str(action)}")
        state.apply_action(action)
    out.append("")
    out.append(f"## end: phase {state.phase}, terminal {_fmt(state.is_terminal())}")
    for s in range(state.players):
        out.append(f"observation {s}: {observation_text(state.observation(s))}")
    out.append(f"returns: {_fmt(state.returns())}")
    if hasattr(state, "penalties"):
        out.append(f"penalties: {_fmt(state.penalties())}")
        out.append(f"bonuses: {_fmt(state.bonuses())}")
    if hasattr(state, "points"):
        out.append(f"card points: {_fmt(state.points())}")
    return "\n".join(out) + "\n"


# ---- the scripted deals ------------------------------------------------------------------

def _hearts(hands, dealer, actions, players):
    def make():
        return W.new_deal(hands, players=players, dealer=dealer), actions
    return make


def _durak(layout, dealer, actions):
    def make():
        return D.new_deal(layout, dealer=dealer), actions
    return make


#: name -> (title, a function giving (new state, actions in notation)).
SCRIPTS: dict = {
    # Four players, 9 cards each, dealer 1 (seat 2 leads). Seat 1 takes Q♥ and J♥ in one
    # trick (20, §2.2 rule 1), seat 0 takes K♥ alone (4, rule 4), seat 3 one clean trick
    # (+20 bonus), seat 2 no trick (no bonus, the default of §2.2).
    "warsaw_hearts_4": ("Warsaw Hearts, four players (RULES.md §2)", _hearts(
        ["QS 8S AH TH KD QD AC 8C 7C", "AS 9S QH 9H AD 8D 7D KC QC",
         "KS JS 7S KH 7H 6H 9D 9C 6C", "TS 6S JH 8H JD TD 6D JC TC"], 1,
        ("6C TC 8C KC 7D 9D 6D KD 8S 9S 7S TS 8H TH 9H 7H 7C QC 9C JC 8D KH TD QD QS AS KS 6S "
         "AD JS JD AH QH 6H JH AC").split(), 4)),
    # Three players, 12 cards each, dealer 1 (seat 2 leads): seat 2 takes K♥ and J♥ in two
    # different tricks (10, §2.2 rule 3), seat 0 Q♥ alone (3, rule 4), seat 1 two clean
    # tricks (+20 bonus).
    "warsaw_hearts_3": ("Warsaw Hearts, three players (RULES.md §2)", _hearts(
        ["AS KS JS 8S 7S AH 8H 7H 6H 9D 8D 6C", "QH 9H QD JD TD 6D AC QC JC TC 8C 7C",
         "QS TS 9S 6S KH JH TH AD KD 7D KC 9C"], 1,
        ("6S 7S QH 6C 7C KC 7D 8D QD 9H TH 8H 9C AS AC 6D AD 9D 9S 8S QC TS JS JD 6H JC JH QS "
         "KS TD 7H TC KH KD AH 8C").split(), 3)),
    # Dealer 0; seat 1 draws the trump blind from the dealer's fan (T♥: hearts), leads
    # first; both take face-down cards into the hand after cards from the hand, a trump
    # takes a plain lead (7♦ 7♥), 6♠ takes A♠, 8♦ beats 6♦ (§3.1-§3.4).
    "armenian_durak": ("Armenian Durak with trumps (RULES.md §3)", _durak(
        [{"hand": "8H 7H 7C 6C AD TH", "down": "KC 9H JS 7S AC 8D", "up": "TS KD 9S 9C TC 6S"},
         {"hand": "9D 7D TD QS QH AS", "down": "8C 8S QD 6D JH KH", "up": "6H AH JD QC JC KS"}], 0,
        ("trump 5 | 7D | draw 0 | 7H | draw 0 | 7C | draw 1 | 8C | draw 1 | 8S | draw 2 | 9S | 9C | JC | "
         "9D | draw 3 | 8H | draw 4 | 7S | JH | TD | draw 5 | 9H | draw 5 | 8D | 6D | TS | QS | JD | TH | "
         "TC | QC | QD | KD | JS | KS | AS | 6S | KC | QH | KH | AD | AH | AC | 6H | 6C").split(" | "))),
}


#: How to write the golden files, as a failing test says it.
HOW_TO_WRITE = "python tests/playthrough.py"


def check_golden(text: str, path: Path) -> None:
    """Compare ``text`` exactly with the golden file ``path``; never write it.

    :raises pytest.fail.Exception: when ``path`` does not exist (the message says how to
        write it: ``python tests/playthrough.py``, then read it against RULES.md).
    :raises AssertionError: when the text differs from the file.
    """
    import pytest
    if not path.exists():
        pytest.fail(f"the golden file {path} is missing: write it with `{HOW_TO_WRITE}` from the "
                    f"repository's root, read it against RULES.md, and commit it", pytrace=False)
    assert text == path.read_text(encoding="utf-8"), f"{path.name} differs from the text made now"


def replay_text() -> str:
    """The golden Variety replay transcript (``tests/test_replay.py``'s scripted deal)."""
    from test_replay import scripted_deal

    from cardkit.replay import Replay
    return Replay(scripted_deal()).transcript()


def write_all() -> list[Path]:
    """Write every golden file (the playthroughs and the Variety replay); returns their
    paths."""
    paths = []
    for name, (title, make) in SCRIPTS.items():
        state, actions = make()
        p = GOLDEN / f"{name}_playthrough.txt"
        p.write_text(playthrough(state, actions, title), encoding="utf-8")
        paths.append(p)
    p = GOLDEN / "variety_replay.txt"
    p.write_text(replay_text(), encoding="utf-8")
    paths.append(p)
    return paths


if __name__ == "__main__":
    for p in write_all():
        print("wrote", p, file=sys.stderr)
