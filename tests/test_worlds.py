"""One home for hidden cards (issue 20): ``cardkit.analysis.worlds`` deals worlds from an
observation for every game, each game's ``State.from_observation(obs, hidden)`` builds a
state from an observation and the hidden cards (and refuses hidden cards that contradict
it), Armenian Durak's observation has a public history, and the advisor and the judge do
not import each other's private names."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import numpy as np
import pytest
from positions import play_at_random, variety_in_contract

import cardkit.analysis as A
from cardkit.analysis import armenian_durak as AD, worlds
from cardkit.errors import CardkitError, NotationError, StateError
from cardkit.games import armenian_durak as D, variety as V, warsaw_hearts as W

ROOT = Path(__file__).resolve().parent.parent


def variety_position(seed, contract, played):
    return play_at_random(variety_in_contract(seed, contract), random.Random(seed), actions=played)


def hearts_position(seed, players, played):
    return play_at_random(W.new_deal(seed=seed, players=players), random.Random(seed), actions=played)


def durak_position(seed, played, rules=None):
    st = D.new_deal(seed=seed, dealer=seed % 2, rules=rules)
    st.apply_action(D.PickTrump(seed % 6))
    return play_at_random(st, np.random.default_rng(seed), actions=played)


def true_hidden(st, seat):
    """The real hidden cards of ``st`` from ``seat``'s view, as ``from_observation`` takes them."""
    if isinstance(st, D.State):
        opp = 1 - seat
        drawn = [e.drawn for e in st.observation(opp).history
                 if e.seat == opp and isinstance(e.action, D.Draw) and e.action.stack is not None]
        return {"hand": list(st.hands[opp]), "down": [list(r) for r in st.down], "drawn": drawn}
    return {s: list(st.hands[s]) for s in range(st.players) if s != seat}


STATES = {
    "variety": lambda: variety_position(3, 4, 22),
    "variety bidding": lambda: V.new_deal(seed=5),
    "hearts 3": lambda: hearts_position(6, 3, 14),
    "hearts 4": lambda: hearts_position(5, 4, 19),
    "durak": lambda: durak_position(7, 25),
    "durak early": lambda: durak_position(7, 11),
    "durak 52": lambda: durak_position(9, 14, D.Rules(deck=52)),
    "durak over": lambda: durak_position(4, 400),
    "variety over": lambda: variety_position(3, 4, 52),
    "hearts over": lambda: hearts_position(8, 3, 36),
}


@pytest.mark.parametrize("name", sorted(STATES))
def test_from_observation_with_the_real_hidden_cards_is_the_deal(name):
    st = STATES[name]()
    for seat in range(st.players):
        obs = st.observation(seat)
        w = type(st).from_observation(obs, true_hidden(st, seat))
        assert w.observation(seat) == obs
        assert w.hands == st.hands and w.history == st.history and w.phase == st.phase
        if isinstance(st, D.State):
            assert w.down == st.down and w.up == st.up and w.taken == st.taken
        assert type(st).from_json(w.to_json()).observation(seat) == obs   # a real deal: saved, replayed
        if w.history:   # undo works on a world (rebuilt from its start) and gives the real position back
            w.undo_action()
            back = st.clone()
            back.undo_action()
            assert w.observation(seat) == back.observation(seat) and w.hands == back.hands


def _void_hearts():
    """Warsaw Hearts, 4 players, a seat that did not follow suit (seen from another seat)."""
    for k in range(100):
        st = hearts_position(100 + k, 4, 14)
        seat = st.current_player
        voids = worlds.shown_voids(st.observation(seat))
        for s, suits in voids.items():
            su = next(iter(suits))
            others = [p for p in range(4) if p not in (seat, s)]
            for p in others:
                card = next((c for c in st.hands[p] if c.suit == su), None)
                if card is not None:
                    return st, seat, s, p, card
    raise AssertionError("no position with a void to contradict")


def test_from_observation_refuses_hidden_cards_that_contradict_the_observation():
    st, seat, void_seat, p, card = _void_hearts()
    obs = st.observation(seat)
    good = true_hidden(st, seat)
    W.State.from_observation(obs, good)
    # a card of the suit the seat did not follow, swapped into its hand: named
    bad = {s: list(h) for s, h in good.items()}
    give = bad[void_seat][0]
    bad[void_seat][0], bad[p][bad[p].index(card)] = card, give
    with pytest.raises(NotationError, match=str(card)):
        W.State.from_observation(obs, bad)
    # a card the seat sees (its own), a wrong count, a seat missing, a card twice
    mine = {s: list(h) for s, h in good.items()}
    mine[p][0] = obs.hand[0]
    with pytest.raises(NotationError, match=str(obs.hand[0])):
        W.State.from_observation(obs, mine)
    short = {s: list(h) for s, h in good.items()}
    short[p] = short[p][1:]
    with pytest.raises(NotationError, match="holds"):
        W.State.from_observation(obs, short)
    with pytest.raises(NotationError, match="every seat but"):
        W.State.from_observation(obs, {p: good[p]})
    twice = {s: list(h) for s, h in good.items()}
    q = next(s for s in twice if s != p)
    twice[q][0] = twice[p][0]
    with pytest.raises(NotationError, match="twice"):
        W.State.from_observation(obs, twice)
    with pytest.raises(CardkitError, match="not a Warsaw Hearts observation"):
        W.State.from_observation(V.new_deal(seed=1).observation(0), good)
    vst = variety_position(3, 4, 22)
    vobs = vst.observation(0)
    wrong = true_hidden(vst, 0)
    played = vobs.tricks[0][1][0]                      # a card seat 0 saw played
    wrong[1] = [played] + wrong[1][1:]
    with pytest.raises(NotationError, match=f"{played}.*sees it"):
        V.State.from_observation(vobs, wrong)
    wrong[1] = ["XX"] + wrong[1][1:]
    with pytest.raises(NotationError, match="XX"):
        V.State.from_observation(vobs, wrong)


def test_durak_from_observation_refuses_contradicting_cards():
    st = durak_position(7, 25)
    seat = 0
    obs = st.observation(seat)
    good = true_hidden(st, seat)
    D.State.from_observation(obs, good)
    seen = obs.face_up[0][0] or obs.hand[0]
    bad = dict(good, hand=[seen] + good["hand"][1:])
    with pytest.raises(NotationError, match=str(seen)):
        D.State.from_observation(obs, bad)
    stack = next(i for i in range(6) if not obs.face_down[0][i])
    down = [list(r) for r in good["down"]]
    down[0][stack] = good["hand"][0]
    with pytest.raises(NotationError, match=f"stack {stack}"):
        D.State.from_observation(obs, dict(good, down=down))
    with pytest.raises(NotationError, match="'hand', 'down' and 'drawn'"):
        D.State.from_observation(obs, {"hand": good["hand"]})
    # the trump card drawn from the opponent's fan must stay in its hand until played
    for k in range(40):
        s2 = durak_position(20 + k, 3)
        me = s2.dealer ^ 1
        if s2.trump_card in s2.hands[s2.dealer] and s2.down[me][0] is not None and s2.phase in ("play", "draw"):
            h = true_hidden(s2, me)
            down = [list(r) for r in h["down"]]
            hand = list(h["hand"])
            j = hand.index(s2.trump_card)
            hand[j], down[me][0] = down[me][0], s2.trump_card
            with pytest.raises(NotationError, match=str(s2.trump_card)):
                D.State.from_observation(s2.observation(me), dict(h, hand=hand, down=down))
            break
    else:
        raise AssertionError("no deal with the trump card in the opponent's hand")


def _shown_void(s, opp):
    """The suits ``opp`` showed it lacked the last time it did not follow (RULES.md §3.3),
    if it has drawn no face-down card since; else None (replayed from the full state)."""
    r = D.new_deal([dict(e) for e in s.layout], dealer=s.dealer, trump=s.given_trump, rules=s.rules)
    void = None
    for a in s.history:
        who = r.current_player
        if r.phase == "play" and who == opp and r.trick.cards:
            led = r.trick.cards[0].suit
            follow = {r.trump} if led == r.trump else {led, r.trump}
            if a.suit not in follow:
                void = follow
        if r.phase == "draw" and who == opp and a.stack is not None:
            void = None
        r.apply_action(a)
    return void


def _durak_with_a_void():
    for k in range(300):
        s = durak_position(2000 + k, 12 + k % 16)
        if s.phase not in ("play", "draw") or s.current_player is None:
            continue
        seat = s.current_player
        if _shown_void(s, 1 - seat) and len(s.legal_actions()) > 1:
            return s, seat
    raise AssertionError("no Durak position with a shown void")


def test_durak_estimate_from_the_observation_alone_equals_the_estimate_from_the_state():
    """The bot's path (an observation, no state) deals the same worlds as the state's
    sample_worlds with the same random numbers, so the shown voids count: before issue 20
    an observation's worlds were a snapshot that ignored them."""
    s, seat = _durak_with_a_void()
    obs = s.observation(seat)
    a = AD.sample_worlds(s, seat, 12, np.random.default_rng(3))
    b = worlds.sample_worlds(obs, 12, np.random.default_rng(3))
    assert [w.to_json() for w in a] == [w.to_json() for w in b]
    void = _shown_void(s, 1 - seat)
    for w in b:
        assert w.observation(seat) == obs
        assert not [c for c in w.hands[1 - seat] if c.suit in void]
    e1 = A.estimate(s, samples=6, seed=8, method="playouts")
    e2 = A.estimate_observation(obs, samples=6, seed=8, method="playouts")
    assert e1.values == e2.values and e1.stderr == e2.stderr


@pytest.mark.parametrize("name", ["variety", "hearts 3", "hearts 4", "durak early", "durak 52"])
def test_worlds_from_observations_that_differ_only_in_hidden_cards_are_identical(name):
    st = STATES[name]()
    seat = st.current_player
    other = worlds.sample_worlds(st.observation(seat), 1, np.random.default_rng(99))[0]
    assert other.observation(seat) == st.observation(seat)
    differ = any(other.hands[s] != st.hands[s] for s in range(st.players) if s != seat)
    differ |= getattr(other, "down", None) != getattr(st, "down", None)
    assert differ
    a = worlds.sample_worlds(st.observation(seat), 6, np.random.default_rng(5))
    b = worlds.sample_worlds(other.observation(seat), 6, np.random.default_rng(5))
    assert [w.to_json() for w in a] == [w.to_json() for w in b]
    assert worlds.hidden_hands(st.observation(seat), 3, 7) == worlds.hidden_hands(other.observation(seat), 3, 7)


def test_durak_history_hides_the_opponents_draws_and_shows_turned_cards():
    st = durak_position(11, 30)
    for seat in (0, 1):
        for e in st.observation(seat).history:
            if isinstance(e.action, D.Draw) and e.action.stack is not None:
                assert (e.drawn is not None) == (e.seat == seat)
            if e.turned is not None:
                assert e.stack is not None and isinstance(e.action, type(e.turned))
    turned = [e for e in st.observation(0).history if e.turned is not None]
    assert turned, "the test needs a card turned up"
    # the two seats' histories differ only in the drawn cards
    h0, h1 = st.observation(0).history, st.observation(1).history
    assert [(e.seat, e.action, e.stack, e.turned) for e in h0] == [(e.seat, e.action, e.stack, e.turned) for e in h1]
    assert len(h0) == len(st.history)


def test_worlds_refuse_bad_input():
    obs = STATES["variety"]().observation(0)
    for bad in (-1, 10_001, True, 2.5, "3"):
        with pytest.raises(CardkitError, match="worlds"):
            worlds.sample_worlds(obs, bad, 0)
    with pytest.raises(StateError, match="bidding"):
        worlds.sample_worlds(V.new_deal(seed=1).observation(1), 1, 0)
    with pytest.raises(StateError):
        worlds.sample_worlds("QH", 1, 0)
    assert worlds.sample_worlds(obs, 0, 0) == []


# ---- the advisor uses the judge, not the other way round ------------------------------------

def _private_uses(path: Path, other: str, root: Path = ROOT) -> list[str]:
    """Private names of package ``other`` (``cardkit.advisor`` or ``cardkit.analysis``) that
    the module at ``path`` imports, or reads as an attribute of a module it imported from
    ``other``, anywhere in the file (inside functions too)."""
    rel = path.relative_to(root).with_suffix("")
    parts = list(rel.parts)
    package = parts[:-1]  # the package relative imports start from (a package's own, for __init__)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found, aliases = [], set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not (target == other or target.startswith(other + ".")):
                continue
            if any(p.startswith("_") for p in target.split(".")):
                found.append(target)
            for a in node.names:
                if a.name.startswith("_"):
                    found.append(f"{target}.{a.name}")
                else:
                    aliases.add(a.asname or a.name)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name == other or a.name.startswith(other + "."):
                    if any(p.startswith("_") for p in a.name.split(".")):
                        found.append(a.name)
                    aliases.add(a.asname or a.name.split(".")[0])
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases
                and node.attr.startswith("_") and not node.attr.startswith("__")):
            found.append(f"{node.value.id}.{node.attr}")
    return found


def test_the_judge_and_the_advisor_import_no_private_name_of_each_other():
    bad = {}
    advisor = ROOT / "cardkit" / "analysis" / "advisor.py"   # issue 30 moved it into the analysis package
    for path in sorted((ROOT / "cardkit" / "analysis").rglob("*.py")):
        if path != advisor and (uses := _private_uses(path, "cardkit.analysis.advisor")):
            bad[str(path.relative_to(ROOT))] = uses
    if uses := _private_uses(advisor, "cardkit.analysis"):
        bad["cardkit/analysis/advisor.py"] = uses
    assert bad == {}


def test_the_private_name_check_can_fail(tmp_path):
    """The check sees ``from ..advisor import _x`` inside a function, a private module and
    a private attribute of an imported module (``AV._Ctx``), and lets public names pass."""
    (tmp_path / "cardkit" / "analysis").mkdir(parents=True)
    judge = tmp_path / "cardkit" / "analysis" / "j.py"
    judge.write_text("from ..advisor import advise\n\ndef f():\n    from ..advisor import _deal_hidden\n")
    adv = tmp_path / "cardkit" / "advisor.py"
    adv.write_text("from .analysis import variety as AV, worlds\nfrom .analysis._worlds import MAX_WORLDS\n"
                   "AV._Ctx(1)\nworlds.deal_hidden\n")
    assert _private_uses(judge, "cardkit.advisor", tmp_path) == ["cardkit.advisor._deal_hidden"]
    assert sorted(_private_uses(adv, "cardkit.analysis", tmp_path)) == ["AV._Ctx", "cardkit.analysis._worlds"]


def test_solve_value_is_solves_value():
    """The advisor's double-dummy figures read analysis.variety.solve_value (public), not the
    solver's private context: the same value as solve, without the line."""
    from cardkit.analysis import variety as AV
    for seed, contract, played in ((3, 4, 30), (8, 1, 28), (12, 2, 32), (5, 6, 36)):
        st = variety_position(seed, contract, played)
        assert AV.solve_value(st) == A.solve(st).value
    done = variety_position(3, 4, 52)
    assert AV.solve_value(done) == A.solve(done).value
    with pytest.raises(StateError):
        AV.solve_value(V.new_deal(seed=1))
    with pytest.raises(CardkitError, match="max_nodes"):
        AV.solve_value(variety_position(3, 4, 30), max_nodes=0)


def test_the_advisors_durak_dealing_respects_shown_voids():
    """durak_hidden_bits (what durak_reply_swings deals) with a void shown: the same
    placements as hidden_hands from the same random numbers, none giving the opponent a card
    of a suit it showed it lacked; without a void, every unseen card somewhere, once."""
    from cardkit.simulate import armenian_durak as SD
    s, seat = _durak_with_a_void()
    obs = s.observation(seat)
    tb = SD._tables(obs.rules.deck)
    bit = {c: int(b) for c, b in zip(tb.cards, tb.bit_of)}
    hand, down = worlds.durak_hidden_bits(obs, tb.cards, tb.bit_of, 40, np.random.default_rng(2))
    placed = worlds.hidden_hands(obs, 40, np.random.default_rng(2))
    void = _shown_void(s, 1 - seat)
    for k, h in enumerate(placed):
        assert int(hand[k]) == sum(1 << bit[c] for c in h["hand"])
        assert [[int(x) for x in down[p, :, k]] for p in (0, 1)] == \
            [[-1 if c is None else bit[c] for c in h["down"][p]] for p in (0, 1)]
        assert not [c for c in h["hand"] if c.suit in void]
    early = durak_position(7, 4)
    obs = early.observation(0)
    hand, down = worlds.durak_hidden_bits(obs, tb.cards, tb.bit_of, 30, np.random.default_rng(1))
    unseen = set(early.hands[1]) | {c for p in (0, 1) for c in early.down[p] if c is not None}
    for k in range(30):
        got = [c for c in tb.cards if int(hand[k]) >> bit[c] & 1] + \
              [c for c in tb.cards for p in (0, 1) for i in range(6) if down[p, i, k] == bit[c]]
        assert sorted(got) == sorted(unseen)
