"""The regular night: headings, who wakes, the choices of each step, and the resolution at dawn.

Rule: «вот план регулярной ночи (со второй и до последней)» (seeds/004_55ac8a5a86b5c135.txt:L49-63)
"""

from __future__ import annotations

from collections import Counter

from narrator.rules.battaglia.cards import (
    CORRIGAN_LETHAL,
    CORRIGAN_REVEALS,
    DARKNESS_STEP_CARDS,
    QUALIFYING_DARKS,
    SHADOW,
    Card,
)
from narrator.rules.battaglia.life import kill
from narrator.rules.battaglia.state import NIGHT_ORDER, BattagliaState, NightState, NightStep, Phase, holders, living
from narrator.rules.battaglia.state import evolve as replace
from narrator.rules.core import Event, host_only, private, public

S = NightStep
STEP_LIFE: dict[NightStep, int] = {step: (1 if step.value.startswith("first") else 2) for step in NightStep if step is not S.SHADOW}
STEP_CARD = {S.FIRST_DOMOVIK: Card.DOMOVIK, S.SECOND_DOMOVIK: Card.DOMOVIK, S.FIRST_TIIR: Card.TIIR,
             S.SECOND_TIIR: Card.TIIR, S.FIRST_GLOOM: Card.NIKOR, S.SECOND_GLOOM: Card.NIKOR,
             S.FIRST_CORRIGAN: Card.CORRIGAN, S.SECOND_CORRIGAN: Card.CORRIGAN, S.FIRST_COHEN: Card.COHEN,
             S.SECOND_COHEN: Card.COHEN}
DARKNESS_STEPS = frozenset({S.FIRST_DARKNESS, S.SECOND_DARKNESS})
DOMOVIK_STEPS = frozenset({S.FIRST_DOMOVIK, S.SECOND_DOMOVIK})
TIIR_STEPS = frozenset({S.FIRST_TIIR, S.SECOND_TIIR})
GLOOM_STEPS = frozenset({S.FIRST_GLOOM, S.SECOND_GLOOM})
CORRIGAN_STEPS = frozenset({S.FIRST_CORRIGAN, S.SECOND_CORRIGAN})
COHEN_STEPS = frozenset({S.FIRST_COHEN, S.SECOND_COHEN})
RULE_NIGHT = "seeds/004_55ac8a5a86b5c135.txt:L49-63"


def shadow_cards(state: BattagliaState) -> frozenset[Card]:
    """Cards that attend the shadow clan (Koldunya by DEC-7)."""
    return SHADOW if state.config.koldunya_in_shadow_meetings else SHADOW - {Card.KOLDUNYA}


def _possible(state: BattagliaState, card: Card, life: int) -> bool:
    """Whether, by public knowledge, a living holder of ``card`` in ``life`` may exist (spec §4.4).

    Rule: «ведущий произносит белые заголовки, за исключением ходов тех, кто ещё не мог родиться или уже умер.
    сомневаешься — назови» (seeds/004_55ac8a5a86b5c135.txt:L49)
    """
    if card not in state.deck or (card, life) in state.announced:
        return False
    if life == 2:
        return any(state.lives[s] == 2 for s in range(state.players) if s not in state.out)
    return True


def called_steps(state: BattagliaState) -> tuple[NightStep, ...]:
    """The headings the host calls tonight, from public information only (DEC-20).

    Steps of undealt cards are called too: skipping them would disclose the kitty.

    Rule: «лучше сказать и дать ход мертвому ... чем пропустить того, кто лежит в прикупе»
    (seeds/004_55ac8a5a86b5c135.txt:L49)
    """
    return tuple(step for step in NIGHT_ORDER if _is_called(state, step))


def _is_called(state: BattagliaState, step: NightStep) -> bool:
    if step is S.SHADOW:
        return any(_possible(state, c, life) for c in shadow_cards(state) for life in (1, 2))
    life = STEP_LIFE[step]
    if step in DARKNESS_STEPS:
        return (any(_possible(state, c, life) for c in DARKNESS_STEP_CARDS)
                or _possible(state, Card.RAINMAKER, 3 - life))
    if step in CORRIGAN_STEPS and life in state.corrigan_open:
        return True
    return _possible(state, STEP_CARD[step], life)


def awake_seats(state: BattagliaState, step: NightStep) -> tuple[int, ...]:
    """Who opens their eyes in ``step`` (secret).

    Rule: «ход первой тьмы. первые тьма, колдунья, никор, и второй дождевальник» (L55); «ход второй тьмы.
    вторые тьма, колдунья и никор, и первый дождевальник» (seeds/004_55ac8a5a86b5c135.txt:L55-56)
    """
    cards, lives = state.cards, state.lives
    seats = living(state)
    if step is S.SHADOW:
        members = shadow_cards(state)
        return tuple(s for s in seats if cards[s] in members)
    life = STEP_LIFE[step]
    if step in DARKNESS_STEPS:
        return tuple(s for s in seats if (lives[s] == life and cards[s] in DARKNESS_STEP_CARDS)
                     or (cards[s] is Card.RAINMAKER and lives[s] != life))
    card = STEP_CARD[step]
    if step in CORRIGAN_STEPS:
        heirs = state.heirs
        return tuple(s for s in seats if (cards[s] is card and lives[s] == life) or heirs[s] == life)
    if card not in cards:
        return ()
    return tuple(s for s in seats if cards[s] is card and lives[s] == life)


def cats(state: BattagliaState) -> frozenset[int]:
    """Living Cheshire Cats: «разрешается подглядывать за всеми чеширскому коту» (L50)."""
    return frozenset(holders(state, Card.CHESHIRE_CAT))


def start_night(state: BattagliaState, events: list[Event]) -> BattagliaState:
    """Begin a regular night: call its headings in order.

    Rule: «все засыпают. на протяжении всей ночи открывают глаза лишь те, чей сейчас ход» (L50)
    """
    number = state.night_no + 1
    events.append(public("night", night=number))
    state = replace(state, night_no=number, phase=Phase.NIGHT, today=None)
    return next_step(state, called_steps(state), (), events, offer=True)


def night_lords(state: BattagliaState) -> tuple[int, ...]:
    """The Lords to whom a night reveal is offered: unrevealed living holders, when the table allows it.

    Rule: «с сего момента и в любой последующий лорд луихад имеет право вскрыться» (L46)
    """
    if not state.config.lord_reveal_at_night:
        return ()
    return tuple(s for s in holders(state, Card.LORD_LUIHAD) if s not in state.revealed_lord)


def next_step(state: BattagliaState, remaining: tuple[NightStep, ...], acts: tuple[tuple[NightStep, int, int], ...],
              events: list[Event], offer: bool = False) -> BattagliaState:
    """Call headings until one has someone awake; after the last, resolve the night.

    With ``offer``, the first heading also waits for the unrevealed Lords' answer to the night reveal
    (DEC-26), even when nobody wakes at it: the first heading is public, so the Lord learns nothing
    from where he is asked (waiting at the first step with someone awake would tell him which
    headings before it were empty, i.e. part of the kitty, L43).
    """
    while remaining:
        step, remaining = remaining[0], remaining[1:]
        events.append(public("heading", night=state.night_no, step=str(step)))
        awake = awake_seats(state, step)
        if awake and (step in DARKNESS_STEPS or step is S.SHADOW):
            events.append(private("gathering", frozenset(awake), night=state.night_no, step=str(step),
                                  members=list(awake)))
        lords = night_lords(state) if offer else ()
        offer = False
        if not lords and _skipped(state, step, awake):
            _cat_sees_skip(state, step, awake, events)
            continue
        return replace(state, night=NightState(step, remaining, awake, (), 1, acts, lords))
    return resolve_night(state, acts, events)


def _skipped(state: BattagliaState, step: NightStep, awake: tuple[int, ...]) -> bool:
    """A step nobody plays: nobody wakes, or a shadow meeting without talk rounds."""
    return not awake or (step is S.SHADOW and state.config.shadow_talk_rounds == 0)


def _cat_sees_skip(state: BattagliaState, step: NightStep, awake: tuple[int, ...], events: list[Event]) -> None:
    watchers = cats(state)
    if watchers:
        events.append(private("cat_saw", watchers, night=state.night_no, step=str(step), awake=list(awake),
                              choices=[]))


def night_move(state: BattagliaState, seat: int, value: int | str, events: list[Event]) -> BattagliaState:
    """Record one awake seat's choice (a target, -1 for a pass, or a whisper's text).

    Rule: «ход первого тиира. выбирает игрока, и ведущий показывает его карту тииру» (L53)
    """
    night = state.night
    assert night is not None
    if night.step in TIIR_STEPS and isinstance(value, int) and value >= 0:
        events.append(private("tiir_saw", frozenset({seat}), night=state.night_no, seat=value,
                              card=str(state.cards[value])))
    chosen = night.chosen + ((seat, value),)
    offered = tuple(s for s in night.offered if s != seat) if seat in night.offered else night.offered
    night = replace(night, chosen=chosen, offered=offered)
    if len(chosen) < len(night.awake) or _lords_waiting(night):
        return replace(state, night=night)
    return _close_round(state, night, events)


def _lords_waiting(night: NightState) -> bool:
    """Whether an offered Lord who is not awake in this step has yet to answer."""
    return any(s not in night.awake for s in night.offered)


def lord_answers(state: BattagliaState, seat: int, reveal: bool, events: list[Event]) -> BattagliaState:
    """A Lord answers the secret night offer: reveal (published before the morning) or not tonight.

    Only he learns that his reveal is noted; nothing public changes until dawn (DEC-26).

    Rule: «с сего момента и в любой последующий лорд луихад имеет право вскрыться — и ведущий это должен
    подтвердить» (seeds/004_55ac8a5a86b5c135.txt:L46)
    """
    night = state.night
    assert night is not None
    if reveal:
        events.append(private("lord_reveal_noted", frozenset({seat}), night=state.night_no))
        state = replace(state, lord_pending=state.lord_pending | {seat})
    awake = seat in night.awake
    night = replace(night, offered=tuple(s for s in night.offered if s != seat))
    if awake or len(night.chosen) < len(night.awake) or _lords_waiting(night):
        return replace(state, night=night)  # an awake Lord (Corrigan's heir) still makes his step's choice
    return _close_round(state, night, events)


def _close_round(state: BattagliaState, night: NightState, events: list[Event]) -> BattagliaState:
    """Everyone due in this step has answered: settle the round and go on."""
    if _skipped(state, night.step, night.awake):  # only the Lord was asked here
        _cat_sees_skip(state, night.step, night.awake, events)
        return next_step(state, night.remaining, night.acts, events)
    if night.step in DARKNESS_STEPS:
        return _darkness_round(state, night, events)
    if night.step is S.SHADOW:
        return _whisper_round(state, night, events)
    acts = night.acts + tuple((night.step, s, int(t)) for s, t in night.chosen if isinstance(t, int) and t >= 0)
    _cat_sees(state, night, events)
    return next_step(state, night.remaining, acts, events)


def _cat_sees(state: BattagliaState, night: NightState, events: list[Event]) -> None:
    watchers = cats(state)
    if not watchers:
        return
    data: dict[str, object] = {"night": state.night_no, "step": str(night.step), "awake": list(night.awake),
                               "choices": [[s, t] for s, t in night.chosen if not isinstance(t, str)]}
    if night.step in TIIR_STEPS and state.config.cat_sees_tiir_card:
        data["cards"] = [[t, str(state.cards[t])] for _, t in night.chosen if isinstance(t, int) and t >= 0]
    events.append(private("cat_saw", watchers, **data))


def darkness_decision(state: BattagliaState, night: NightState) -> tuple[int | None, bool]:
    """The group's victim, if any, and whether the shot is productive.

    A target needs all members but at most one, and must be the only such target (DEC-12); the shot
    is productive when a qualifying dark supports it (DEC-13).

    Rule: «необходимо полное согласие, за исключением максимум одного человека ... для продуктивности
    выстрела необходимо, чтобы в принятии решения участвовал хотя бы один первый темный»
    (seeds/004_55ac8a5a86b5c135.txt:L55)
    """
    support = Counter(t for _, t in night.chosen if isinstance(t, int) and t >= 0)
    need = max(1, len(night.awake) - 1)
    decided = [t for t, n in support.items() if n >= need]
    if len(decided) != 1:
        return None, False
    victim = decided[0]
    life = STEP_LIFE[night.step]
    pool = ([s for s, t in night.chosen if t == victim] if state.config.darkness_productivity == "supporter"
            else list(night.awake))
    productive = any(state.lives[s] == life and state.cards[s] in QUALIFYING_DARKS for s in pool)
    return victim, productive


def _darkness_round(state: BattagliaState, night: NightState, events: list[Event]) -> BattagliaState:
    victim, productive = darkness_decision(state, night)
    choices = [[s, t] for s, t in night.chosen]
    events.append(private("darkness_round", frozenset(night.awake), night=state.night_no, step=str(night.step),
                          round=night.round, choices=choices, decided=victim))
    _cat_sees(state, night, events)
    passes = all(t == -1 for _, t in night.chosen)
    if victim is None and not passes and night.round < state.config.darkness_rounds:
        return replace(state, night=replace(night, chosen=(), round=night.round + 1))
    acts = night.acts
    if victim is not None:
        acts += ((night.step, -1 if productive else -2, victim),)
    return next_step(state, night.remaining, acts, events)


def _whisper_round(state: BattagliaState, night: NightState, events: list[Event]) -> BattagliaState:
    messages = [[s, t] for s, t in night.chosen if isinstance(t, str) and t]
    events.append(private("whispers", frozenset(night.awake), night=state.night_no, round=night.round,
                          messages=messages))
    watchers = cats(state) - frozenset(night.awake)
    if watchers:
        events.append(private("cat_saw", watchers, night=state.night_no, step=str(night.step),
                              awake=list(night.awake), choices=[]))
    if night.round < state.config.shadow_talk_rounds:
        return replace(state, night=replace(night, chosen=(), round=night.round + 1))
    return next_step(state, night.remaining, night.acts, events)


def night_deaths(state: BattagliaState, acts: tuple[tuple[NightStep, int, int], ...]) -> tuple[set[int], set[int]]:
    """Who dies and which shadows are revealed, by rules a-f, all at once.

    Rule: «a. флюид всегда остается жив. b. постоялец остаётся жив, если жив домовик, и умирает, если тот
    погиб. c. прочие жертвы — не пациенты умирают. d. прочие цели — темные и мрачные и колдунья — не
    пациенты умирают. e. лорд луихад — жертва умирает. f. цели — тени (не тритон) вскрываются. все смерти
    происходят одновременно» (seeds/004_55ac8a5a86b5c135.txt:L65-71)
    """
    cards, config = state.cards, state.config
    victims = {t for step, s, t in acts if (step in DARKNESS_STEPS and s == -1) or step in GLOOM_STEPS}
    targets = {t for step, _, t in acts if step in CORRIGAN_STEPS}
    patients = {t for step, _, t in acts if step in COHEN_STEPS}
    hosts_of: dict[int, set[int]] = {}
    for step, s, t in acts:
        if step in DOMOVIK_STEPS:
            hosts_of.setdefault(t, set()).add(s)

    def base(p: int) -> bool:
        card = cards[p]
        if card is Card.FLUID:
            return False
        if p in victims and card is Card.LORD_LUIHAD:
            return True
        if p in patients:
            return False
        return p in victims or (p in targets and card in CORRIGAN_LETHAL)

    memo: dict[int, bool] = {}

    def dies(p: int, stack: tuple[int, ...]) -> bool:
        if p in memo:
            return memo[p]
        card = cards[p]
        lord_exposed = not config.lord_guest_protected and card is Card.LORD_LUIHAD and p in victims
        if card is Card.FLUID or p not in hosts_of or lord_exposed:
            memo[p] = card is not Card.FLUID and base(p)
            return memo[p]
        if p in stack:  # Domoviks hosting each other (DEC-14)
            cycle = stack[stack.index(p):]
            verdict = any(base(q) for q in cycle)
            memo.update({q: verdict for q in cycle})
            return verdict
        host_dead = [dies(h, stack + (p,)) for h in sorted(hosts_of[p])]
        memo[p] = any(host_dead) if config.domovik_multi_host == "any_dead_kills" else all(host_dead)
        return memo[p]

    deaths = {p for p in range(state.players) if p not in state.out and dies(p, ())}
    reveals = {t for t in targets if t not in deaths and cards[t] in CORRIGAN_REVEALS
               and (cards[t] is not Card.KOLDUNYA or config.koldunya_revealed_by_target)}
    return deaths, reveals


def resolve_night(state: BattagliaState, acts: tuple[tuple[NightStep, int, int], ...],
                  events: list[Event]) -> BattagliaState:
    """Dawn: apply the night's deaths and reveals at once and announce only the results. The night is
    then over (``Phase.NIGHT_OVER``): the phase machine (``flow.turnover``) goes on to second souls and the day.

    Rule: «утром ведущий объявляет только итоги ночи — кто умер и какая у него была карта + если есть
    вскрыте тени, говорит, что он — тень ... ни в коем случае не говорит, кто кого убил»
    (seeds/004_55ac8a5a86b5c135.txt:L73)
    """
    deaths, reveals = night_deaths(state, acts)
    new_reveals = sorted(reveals - state.revealed_shadow)
    events.append(host_only("night_report", night=state.night_no,
                            acts=[[str(step), s, t] for step, s, t in acts], deaths=sorted(deaths),
                            reveals=sorted(reveals)))
    lords = sorted(state.lord_pending)
    for seat in lords:  # a reveal made tonight, published before the morning (DEC-26)
        events.append(public("lord_revealed", seat=seat, night=state.night_no))
    events.append(public("morning", night=state.night_no,
                         deaths=[{"seat": s, "card": str(state.cards[s]), "life": state.lives[s]}
                                 for s in sorted(deaths)], shadows=new_reveals))
    state = replace(state, night=None, died_lights=(), revealed_shadow=state.revealed_shadow | set(new_reveals),
                    revealed_lord=state.revealed_lord | set(lords), lord_pending=frozenset(),
                    eventful=state.eventful or bool(new_reveals) or bool(lords), phase=Phase.NIGHT_OVER)
    return kill(state, sorted(deaths), "night")
