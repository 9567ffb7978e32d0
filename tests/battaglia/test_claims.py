"""Every public claim of every scripted speech is true of the public log its speaker saw, except marked lies.

Seeded games of scripted bots (6..17 players, both languages, the default day with a speech round so
defences are spoken) are played; every move that carries claims (``Decision.notes["claims"]``) is
checked: a public claim against the log of the speaker's view at that moment, a self-claim against
the speaker's soul (the host's state, which only the test reads). A lie must be marked, must be told
by a soul whose force gains by it (darkness or gloom bluffs; anyone but a light claims light), and
the names a claim speaks of must be in the words said. 24 games run in the fast lane, 500 in the slow.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from narrator.agents.base import Decision
from narrator.agents.battaglia import BattagliaBot
from narrator.agents.battaglia import bot_day as bot_module
from narrator.agents.battaglia.claims import (
    BLUFFERS,
    LIARS,
    PUBLIC,
    Claim,
    PublicRecord,
    false_claims,
    true_of_soul,
)
from narrator.agents.battaglia.llm.facts import SpeechFacts
from narrator.agents.battaglia.texts import Table, _shape, has_voted, words
from narrator.agents.names import CASES, decline
from narrator.rules.battaglia import GAME, BattagliaConfig
from narrator.rules.battaglia.cards import LIGHT
from narrator.rules.battaglia.day import living_darks
from narrator.rules.battaglia.life import seat_force

from narrator.battaglia.playout import play_out, seat_request


@dataclass
class Audit:
    """What the games said: claims checked, false ones, lies by force and kind."""

    claims: int = 0
    false: list[tuple[Any, ...]] = field(default_factory=list)
    lies: Counter[tuple[str, str]] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    speeches: int = 0
    presumed: list[tuple[Any, ...]] = field(default_factory=list)
    """Defences that presume what is not so: "you waste the day on me" unaccused, "my votes" before any."""
    read: int = 0
    """Claims the model's guard (agents/battaglia/llm/facts.py) read out of the scripted words."""


def audit_game(seed: int, players: int, lang: str, audit: Audit) -> None:
    table = Table.for_game(seed, players, lang)
    bots = {s: BattagliaBot(seed, s, table) for s in range(players)}
    reader = SpeechFacts(table.names, lang)

    def move(state: Any, seat: int) -> Any:
        request = seat_request(state, seat)
        answer = bots[seat].act(request)
        action = answer.action if isinstance(answer, Decision) else answer
        claims = [Claim.from_dict(c) for c in answer.notes.get("claims", ())] if isinstance(answer, Decision) else []
        if getattr(action, "text", ""):
            audit.speeches += 1
            presumption = presumed(action.text, seat, request.view, lang)
            if presumption:
                audit.presumed.append((seed, players, seat, presumption, action.text))
            # The model's guard reads the same words: on scripted speech it finds nothing but true facts and lies.
            record = PublicRecord.of(request.view.record)
            misread = [c for c in reader.claims(action.text) if not record.holds(c) and c not in claims
                       and dataclasses.replace(c, lie=True) not in claims and not follows_from_a_lie(c, claims)]
            assert not misread, (misread, action.text)
            audit.read += len(reader.claims(action.text))
        if claims:
            check(state, seat, request, action, claims)
        return action

    def check(state: Any, seat: int, request: Any, action: Any, claims: list[Claim]) -> None:
        record = PublicRecord.of(request.view.record)
        card = state.cards[seat]
        force = str(seat_force(state, seat))
        for claim in claims:
            audit.claims += 1
            audit.kinds[claim.kind] += 1
            if claim.lie:
                audit.lies[(force, claim.kind)] += 1
                liars = BLUFFERS if claim.kind in PUBLIC else LIARS
                assert card not in LIGHT and card in liars, (seed, seat, card, claim)
            if claim.kind == "darks_left":  # what the day's count shows is also what the host counts (L74)
                real = living_darks(state)
                shown = {"exact": real == claim.n, "at_least": real >= claim.n, "at_most": real <= claim.n}
                assert shown[claim.card], (seed, real, claim, action.text)
            if claim.kind in PUBLIC:
                true = not false_claims([claim], record) if not claim.lie else record.holds(claim)
                if claim.lie:
                    assert not true, ("a lie that happens to be true is not marked a lie", seed, claim)
                elif not true:
                    audit.false.append((seed, players, seat, claim, action.text))
            else:
                true = true_of_soul(claim, card)
                assert true != claim.lie, (seed, seat, card, claim)
            for who in {claim.seat, claim.other} - {-1, seat}:  # named, in any case («против игрока Дарьи»)
                forms = {decline(table.names[who], case, table.gender(who)) for case in CASES}
                assert any(form in action.text for form in forms), (claim, action.text)

    config = BattagliaConfig(players=players)
    play_out(GAME.initial_state(config), random.Random(seed), move)


def follows_from_a_lie(read: Claim, claims: list[Claim]) -> bool:
    """Whether ``read`` is the unnamed half of a marked lie ("someone voted against Roman" of the bluff "Boris
    voted against Roman"): false because the lie is, and marked with it."""
    return read.kind == "got_votes" and any(c.lie and c.kind == "voted" and c.other == read.seat for c in claims)


def presumed(text: str, seat: int, view: Any, lang: str) -> str | None:
    """What a speech made of a presupposing defence template takes for granted that the view's log denies."""
    pools = words(lang, "speech")
    accused = any(a.target == seat for a in view.accusations)
    said = [("accused today", t) for t in pools["defence_accused"]]
    said += [("accused today, after voting", t) for t in pools["defence_after_vote"]]
    for presumes, template in said:
        if _shape(template).search(text):
            if not accused:
                return presumes
            if "voting" in presumes and not has_voted(view.record, seat):
                return presumes
    return None


def audit_games(games: int, first_seed: int = 0) -> Audit:
    audit = Audit()
    for i in range(games):
        seed = first_seed + i
        audit_game(seed, 6 + seed % 12, ("en", "ru")[seed % 2], audit)
    return audit


def assert_truthful(audit: Audit, games: int) -> None:
    assert not audit.false, f"{len(audit.false)} false claims, the first: {audit.false[:3]}"
    assert not audit.presumed, f"{len(audit.presumed)} defences presume what is not so: {audit.presumed[:3]}"
    assert audit.claims > 5 * games, audit.claims
    assert {"voted", "died_as", "never_accused", "side", "darks_left"} <= set(audit.kinds), audit.kinds
    liars = {force for force, _ in audit.lies}
    assert "light" not in liars, audit.lies
    assert {kind for _, kind in audit.lies} == {"voted", "side"}, audit.lies
    assert audit.read > audit.claims // 4, (audit.read, audit.claims)


def test_claims_of_24_games_are_true_or_marked_lies() -> None:
    audit = audit_games(24)
    assert_truthful(audit, 24)


@pytest.mark.slow
def test_claims_of_500_games_are_true_or_marked_lies() -> None:
    audit = audit_games(500, first_seed=1000)
    assert_truthful(audit, 500)
    print(f"\n500 games: {audit.speeches} speeches, {audit.claims} claims, 0 false, lies by force and kind:"
          f" {dict(audit.lies)}")


def test_a_false_claim_is_never_voiced(monkeypatch: pytest.MonkeyPatch) -> None:
    """The guard itself: a reason whose fact the log does not hold (a vote against seat 0 that nobody
    cast, a Cohen who never died there) is replaced by the estimate of darks, whose claim is the day's count."""
    from narrator.agents.battaglia.texts import Reason

    monkeypatch.setattr(BattagliaBot, "_reason", lambda self, view, mind, target: Reason(
        "voted_for_light", other=(target + 1) % view.players, card="COHEN"))
    caught: list[Claim] = []
    original = bot_module.false_claims

    def spying(claims: Any, record: PublicRecord) -> list[Claim]:
        found = original(claims, record)
        caught.extend(found)
        return found

    monkeypatch.setattr(bot_module, "false_claims", spying)
    audit = Audit()
    for seed in range(4):
        audit_game(seed, 9, "en", audit)
    assert not audit.false, audit.false[:3]
    assert len(caught) > 10, "the invented reasons were caught"


def test_public_record_reads_the_log() -> None:
    """The checker itself: an accusation and a ballot of the log hold, their reverse does not."""
    table_seed, players = 3, 8
    bots = {s: BattagliaBot(table_seed, s, Table.for_game(table_seed, players, "en")) for s in range(players)}
    state, _ = play_out(GAME.initial_state(BattagliaConfig(players=players)), random.Random(table_seed),
                        lambda st, seat: _action(bots[seat].act(seat_request(st, seat))))
    record = PublicRecord.of(GAME.view(state, None).record)
    accuser, target = next(iter(record.accusations))
    assert record.holds(Claim("accused", accuser, target))
    assert not record.holds(Claim("accused", target, accuser)) or (target, accuser) in record.accusations
    seat, card = next(iter(record.deaths))
    assert record.holds(Claim("died_as", seat, card=card))
    assert not record.holds(Claim("died_as", seat, card="NOT_A_CARD"))
    assert not record.holds(Claim("never_accused", accuser))


def _action(answer: Any) -> Any:
    return answer.action if isinstance(answer, Decision) else answer
