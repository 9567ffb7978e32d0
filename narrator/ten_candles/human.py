"""A human survivor at the terminal: prompts for card texts (with suggestions), truths and choices.

Input and output are injected (:class:`TerminalIO` for a real terminal, :class:`ScriptedIO` for
tests), so a whole game can be played from a list of lines. Choices are numbered from the legal
moves; a kernel refusal is shown with its reason and the question is asked again. At any prompt
``x`` plays the X-card. End of input (EOF, Ctrl-C) propagates so the game can be saved.

At any prompt ``?``/``help``, ``sheet``, ``who`` and ``truths`` (Russian ``помощь``, ``лист``, ``кто``,
``истины``) show the survivor's reference (:mod:`narrator.ten_candles.reference`) without spending the
turn, and ``try <what>`` (``пробую <что>``) proposes what the character attempts: the GM of a table
with people gives the next conflict to the proposer (:mod:`narrator.ten_candles.table_gm`). A move that
cannot be undone (a death, a Brink, a burned Trait, a candle) is never taken on a bare Enter and is
asked about once more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any, Protocol

from narrator.agents.base import Decision, Request, Seat
from narrator.agents.i18n import ByLanguage, typed, typed_commands
from narrator.agents.ten_candles.variety import VariedSurvivor
from narrator.citations import split, why
from narrator.rules.core import Action
from narrator.rules.ten_candles.actions import (
    ArrangeStack,
    BurnTrait,
    DescribeCharacter,
    DescribeSupplies,
    Narrate,
    PassAttempt,
    RecordMessage,
    SpeakTruth,
    StateAttempt,
    WriteBrink,
    WriteMoment,
    WriteTraits,
    XCard,
)
from narrator.rules.ten_candles.dice import is_success, player_narrates
from narrator.rules.ten_candles.legal import is_interjection
from narrator.ten_candles.attempts import line, unreadable
from narrator.ten_candles.reference import Reference, is_irreversible, name_taken


class HumanIO(Protocol):
    """Where a human's lines come from and where the table's lines go."""

    def ask(self, prompt: str) -> str:
        """One line of input (raises ``EOFError``/``KeyboardInterrupt`` when the human leaves)."""

    def say(self, text: str) -> None:
        """Show a line."""


class ScriptedIO:
    """Input from a list of lines, output collected (tests). Running out of lines is EOF."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines = list(lines)
        self.output: list[str] = []

    def ask(self, prompt: str) -> str:
        """The next scripted line."""
        self.output.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)

    def say(self, text: str) -> None:
        """Keep ``text``."""
        self.output.append(text)


TERMINAL = ByLanguage("tc_terminal")
"""By language (``prompts/i18n/<lang>/tc_terminal.yaml``): the ``prompts`` the survivor is asked, the ``moves``' names."""
WORDS_ASKED = 3
"""How many times a line with no words is asked again before the suggestion is taken."""


class HumanSurvivor(Seat):
    """The agent in a human's seat.

    Args:
        seat: the seat.
        io: the terminal (or a script).
        lang: the table's language.
        seed: seeds the suggestions.
        status: called with the view before each prompt (the status line).
        announce: name the character before each prompt (several humans share the terminal).
    """

    max_attempts: int | None = None  # a human is asked until the move is legal
    person = True

    def __init__(self, seat: int, io: HumanIO, *, lang: str = "en", seed: int = 0,
                 status: Callable[[Any], None] | None = None, announce: bool = False) -> None:
        self.seat, self.io, self.lang = seat, io, lang
        self.name = "human"
        self.words = TERMINAL[lang]["prompts"]
        self.suggester = VariedSurvivor(seat, seed=seed, lang=lang)  # suggests looks nobody at the table has
        self.status = status
        self.announce = announce
        self.reference = Reference(lang)
        self.view: Any = None
        self.legal: tuple[Action, ...] = ()
        self.opened = False
        self.offers: dict[str, bool] = {}
        self.said: list[str] = []
        self.attempting = False
        """Asking the beat's question (what does your character do?)."""
        self.reads_offline = True
        """The GM's Storyteller is the offline template: words it cannot read are given back (a model reads any)."""

    # -- the prompt and its commands --------------------------------------------------------------

    def ask(self, prompt: str) -> str:
        """One line from the person; reference commands and ``try`` are answered here and asked again."""
        while True:
            answer = self.io.ask(prompt)
            word = answer.strip().lower()
            if self.view is None:
                return answer
            commands = typed_commands("ten_candles")  # words that show the reference without spending the turn
            if word in commands:
                for line in self.look_up(commands[word]):
                    self.io.say(line)
                continue
            # ``try <what>``: propose what the character attempts (the next conflict)
            attempt = next((answer.strip()[len(t):].strip() for t in typed("try") if word.startswith(t)), None)
            if attempt and self.attempting:  # the beat's own question: ``try <what>`` is the answer
                return attempt
            if attempt:
                self.offers, self.said = {"attempt": True}, [attempt]
                self.io.say(self.reference.say("proposed", text=attempt))
                continue
            return answer

    def look_up(self, command: str) -> list[str]:
        """The reference lines for ``command`` from this seat's view only."""
        ref, view = self.reference, self.view
        if command == "sheet":
            return ref.sheet(view, self.seat)
        if command == "who":
            return ref.table(view, self.seat)
        if command == "truths":
            return ref.truths(view)
        hint, lines = split(ref.hint(view, self.seat, self.legal))
        reason = why(lines, self.lang)
        return [ref.say("help") + ":", *(["  " + hint] if hint else []), *(["  " + reason] if reason else []),
                "  " + ref.say("commands")]

    def confirm(self, label: str) -> bool:
        """Ask before a move that cannot be undone; only an explicit yes goes through."""
        if self.ask(self.reference.say("confirm", choice=label) + " ").strip().lower() in typed("yes"):
            return True
        self.io.say(self.reference.say("back"))
        return False

    def _with_talk(self, action: Action) -> Action | Decision:
        """The move, carrying a proposal said meanwhile (table talk the GM hears)."""
        if not self.offers:
            return action
        offers, said = self.offers, tuple(self.said)
        self.offers, self.said = {}, []
        return Decision(action, said=said, talk=offers)

    def act(self, request: Request) -> Action | Decision:  # type: ignore[override]
        """Ask the human for this turn's move."""
        request = useful_moves(request)
        self.view, self.legal = request.view, tuple(request.legal)
        if not self.opened:
            self.opened = True
            for line in self.reference.opening(request.view):
                self.io.say(line)
            if request.view.scene:  # a game taken up again (--resume): where it stands
                for line in self.reference.recap(request.view, self.seat):
                    self.io.say(line)
        return self._with_talk(self._act(request))

    def _act(self, request: Request) -> Action:
        if request.rejection is not None:
            self.io.say(f"{self.words['refused']}: {request.rejection.message} [{request.rejection.code}]")
        if self.status is not None:
            self.status(request.view)
        if self.announce:
            me = request.view.characters[self.seat]
            self.io.say(f"— {me.name or '#' + str(self.seat)} —")
        kinds = [a.kind for a in request.legal if not is_interjection(a)]
        hint = split(self.reference.hint(request.view, self.seat, request.legal))[0]  # its rule lines: on "?"
        if hint:
            self.io.say(f"({hint})")
        text_move = TEXT_MOVES.get(kinds[0]) if kinds else None
        if text_move is not None:
            return text_move(self, request)
        return self._choose(request)

    # -- numbered choices -------------------------------------------------------------------------

    def _choose(self, request: Request) -> Action:
        moves = _distinct(request.legal)
        names = TERMINAL[self.lang]["moves"]
        for number, move in enumerate(moves, start=1):
            label = (" > ".join(self.reference.kind(c) for c in (*move.order, "brink")) if isinstance(move, ArrangeStack)
                     else names.get(move.kind, move.kind))
            self.io.say(f"  {number}. {label}")
        # Enter takes the first move that can be undone (accept the roll, not burn a Trait; not die).
        default = next((i for i, m in enumerate(moves) if not is_irreversible(m) and not isinstance(m, XCard)), None)
        shown = f" [{default + 1}]" if default is not None else ""
        while True:
            answer = self.ask(f"{self.words['choose']}{shown}: ").strip()
            if answer.lower() in typed("x_card"):
                return self._x_card()
            if not answer:
                if default is None:
                    self.io.say(self.reference.say("enter_not_irreversible"))
                    continue
                return moves[default]
            if answer.isdigit() and 1 <= int(answer) <= len(moves):
                chosen = moves[int(answer) - 1]
                label = names.get(chosen.kind, chosen.kind)
                if is_irreversible(chosen) and not self.confirm(label):
                    continue
                return self._x_card() if isinstance(chosen, XCard) else chosen
            self.io.say(self.words["bad_number"])

    def _attempt(self, request: Request) -> Action:
        """A beat of stated attempts (D45): the person's own words, or nothing (the Storyteller goes on).
        Words proposed earlier with ``try`` are offered first."""
        me = request.view.characters[self.seat]
        name = me.name or f"#{self.seat}"
        pending = self.said[0] if self.offers.get("attempt") and self.said else None
        prompt = (self.reference.say("attempt_prompt_pending", name=name, text=pending) if pending
                  else self.reference.say("attempt_prompt", name=name))
        self.attempting = True
        try:
            answer = self.ask(prompt + ": ").strip()
        finally:
            self.attempting = False
        if answer.lower() in typed("x_card"):
            return self._x_card()
        if pending is not None:
            self.offers, self.said = {}, []  # the proposal is answered here, not as table talk
            answer = pending if not answer else ("" if answer == "-" else answer)
        if not any(ch.isalpha() for ch in answer):  # Enter, "-", or a menu number out of habit: nothing of one's own
            return PassAttempt(actor=self.seat)
        if self.reads_offline and unreadable(request.view, answer, self.lang):  # never pretend to understand
            self.io.say(line("unreadable", self.lang, attempt=answer, name=name))
            return self._attempt(request)
        return StateAttempt(actor=self.seat, text=answer)

    def _x_card(self) -> Action:
        note = self.ask(f"{self.words['x_note']}: ").strip()
        return XCard(actor=self.seat, note=note)

    # -- free text ---------------------------------------------------------------------------------

    def _text(self, key: str, suggestion: str, asked: int = 0) -> str | None:
        """A line of text, the suggestion on Enter; ``None`` when the human played the X-card. A line with no
        letter ("2": a menu number out of habit) is asked again, up to ``WORDS_ASKED`` times; then the
        suggestion is taken and said to be (a script of numbers, or a player who will not write, goes on)."""
        answer = self.ask(f"{self.words[key]} [{suggestion}] ({self.words['enter']}): ").strip()
        if answer.lower() in typed("x_card"):
            return None
        if answer and not any(ch.isalpha() for ch in answer):
            if asked >= WORDS_ASKED:
                self.io.say(self.words["suggestion_taken"])
                return suggestion
            self.io.say(self.words["words_needed"])
            return self._text(key, suggestion, asked + 1)
        return answer or suggestion

    def _suggest(self, request: Request) -> Any:
        turn = [a for a in request.legal if not is_interjection(a)]
        return self.suggester.act(Request(request.game, request.seat, request.view, turn))

    def _write(self, request: Request, key: str, field: str, build: Callable[[str], Action]) -> Action:
        text = self._text(key, getattr(self._suggest(request), field))
        if text is None:
            return self._x_card()
        if key in GAME_CARDS:  # what the person wrote is heard: no AI survivor records the same message
            for said in _every_form(text, self.lang):
                self.suggester.memory.note(said, None)
        return build(text)

    def _traits(self, request: Request) -> Action:
        hint = self._suggest(request)
        virtue = self._text("virtue", hint.virtue)
        vice = None if virtue is None else self._text("vice", hint.vice)
        if virtue is None or vice is None:
            return self._x_card()
        return WriteTraits(actor=self.seat, virtue=virtue, vice=vice)

    def _describe(self, request: Request) -> Action:
        hint = self._suggest(request)
        values: dict[str, Any] = {}
        for key in ("name", "appearance", "description"):
            text = self._text(key, getattr(hint, key))
            while key == "name" and text is not None and name_taken(request.view, self.seat, text):
                self.io.say(self.reference.say("name_taken", name=text.strip()))  # two of one name: told apart how?
                text = self._text(key, getattr(hint, key))
            if text is None:
                return self._x_card()
            values[key] = text
        return DescribeCharacter(actor=self.seat, **values)

    def _brink(self, request: Request) -> Action:
        left = self.seat + 1 if self.seat + 1 < request.view.players else None
        return self._write(request, "brink" if left is not None else "their", "text",
                           lambda t: WriteBrink(actor=self.seat, text=t))

    def _stack(self, request: Request) -> Action:
        held = self.reference.held(request.view.characters[self.seat])  # what the cards say, before ordering them
        if held:
            self.io.say(held.strip())
        self.io.say(self.words["stack"] + ":")
        return self._choose(request)


def useful_moves(request: Request) -> Request:
    """``request`` without a burn that cannot change the roll's outcome: the roll already succeeded and its
    roller narrates it, so rerolling the ones (L295: «чтобы перебросить кости и изменить результат», L293)
    could change neither; a person is not offered to burn a card for nothing (playtest 17)."""
    conflict = getattr(request.view, "conflict", None)
    if conflict is None or not conflict.rolled or not any(isinstance(a, BurnTrait) for a in request.legal):
        return request
    if not (is_success(conflict.common, conflict.hope or 0)
            and player_narrates(conflict.common, conflict.hope or 0, conflict.gm)):
        return request
    return replace(request, legal=[a for a in request.legal if not isinstance(a, BurnTrait)])


def _distinct(moves: Iterable[Action]) -> list[Action]:
    """Moves in order, interjections last, without repeats (e.g. X-card listed once)."""
    turn = [m for m in moves if not is_interjection(m)]
    extra = [m for m in moves if is_interjection(m)]
    return turn + extra


GAME_CARDS = frozenset({"moment", "brink", "their", "supplies", "message"})
"""What a person writes once a game, noted in the table's memory (``seating.narrated_table`` shares it) so
that the scripted survivors, who draw their words from the same cards, never write the same (playtest 16:
two survivors played back one recording)."""


def _every_form(text: str, lang: str) -> set[str]:
    """``text`` and, when it is a card of ``characters.yaml``, the card's other gender's form («не успела»
    is «не успел» for a man: the same message)."""
    from narrator.agents.ten_candles import material as mat
    from narrator.agents.ten_candles.variety import form

    found = {text}
    for cards in mat.load("characters").values():
        for entry in cards if isinstance(cards, list) else ():
            forms = {form(entry, lang, "m"), form(entry, lang, "f")}
            if text in forms:
                found |= forms
    return found


TEXT_MOVES: dict[str, Callable[[HumanSurvivor, Request], Action]] = {
    "write_traits": HumanSurvivor._traits,
    "describe_character": HumanSurvivor._describe,
    "write_moment": lambda h, r: h._write(r, "moment", "text", lambda t: WriteMoment(actor=h.seat, text=t)),
    "write_brink": HumanSurvivor._brink,
    "describe_supplies": lambda h, r: h._write(r, "supplies", "text",
                                               lambda t: DescribeSupplies(actor=h.seat, text=t)),
    "record_message": lambda h, r: h._write(r, "message", "text", lambda t: RecordMessage(actor=h.seat, text=t)),
    "speak_truth": lambda h, r: h._write(r, "truth", "text", lambda t: SpeakTruth(actor=h.seat, text=t)),
    "narrate": lambda h, r: h._write(r, "narrate", "text", lambda t: Narrate(actor=h.seat, text=t)),
    "pass_attempt": HumanSurvivor._attempt,
    "arrange_stack": HumanSurvivor._stack,  # the cards' words first, then the orders to choose from
}
