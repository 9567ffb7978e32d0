"""A person at the terminal playing one battaglia seat: numbered menus built from ``legal_actions``.

The agent reads from and writes to injected streams (a test feeds it a script). It sees only its
seat's view and the events its seat may see. Bad input gets a short message and the same question;
a move the kernel refuses comes back with the kernel's reason (``request.rejection``); end of input
raises :class:`HumanLeftError`, which stops the game so it can be resumed from its transcript; so does
typing ``q``/``quit``/``exit`` (Russian ``выход``) at any prompt, a speech's included.

At any prompt ``?``/``help``, ``sheet``, ``who`` and ``log`` (Russian: ``помощь``, ``лист``, ``кто``,
``журнал``) show the seat's reference (:mod:`narrator.battaglia.reference`) and ask again; a move that
cannot be undone (accepting the sentence, a dying shot, interceding, a reveal, a curse) is made only
after an explicit "yes".
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, TextIO

from narrator.agents.base import Request, Seat
from narrator.agents.i18n import plural, refusal, typed, typed_commands
from narrator.rules.battaglia.actions import (
    Accuse,
    Choose,
    Curse,
    DyingShot,
    Intercede,
    Judge,
    Pass,
    RevealBishop,
    RevealLord,
    Speak,
    Vote,
    Whisper,
)
from narrator.rules.battaglia.events import (
    AccusationDeclared,
    AccusationLapsed,
    AccusationMade,
    AccusationProposed,
    AccusationsDeclared,
    Day,
    VoteOpen,
)
from narrator.rules.battaglia.night import CORRIGAN_STEPS
from narrator.rules.core import Action, Event

from narrator.battaglia.narration import Narrator
from narrator.battaglia.rebirth_watch import RebirthWatch
from narrator.battaglia.reference import Reference, is_irreversible
from narrator.battaglia.shot_watch import ShotWatch
from narrator.citations import split, why
from narrator.terminal_text import shown as safe_to_print


class HumanLeftError(Exception):
    """The person closed the input (Ctrl-D), typed ``q`` or the stream ran out: save and stop."""


class TerminalHuman(Seat):
    """One seat played by a person through text streams.

    Args:
        seat: the seat.
        narrator: the host's voice for this seat (language, names).
        stdin, stdout: where to read answers and write the table's talk.
    """

    name = "human"
    person = True
    max_attempts: int | None = None
    """Ask until the move is legal: a person is never replaced by a bot."""
    rainmaker_force = "by_life"
    """The table's DEC-6 option (the view carries no config), for the sheet's force line."""

    def __init__(self, seat: int, narrator: Narrator, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.seat, self.narrator = seat, narrator
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.reference = Reference(narrator)
        self.view: Any = None
        self.legal: Sequence[Action] = ()
        self.rebirths = RebirthWatch(seat)
        self.reborn = self.rebirths.reborn
        """Seats whose second life the person was told of (the watch's own set; a resumed game adds its reborn)."""
        self.shown: list[str] = []
        """The current question's options, shown again after a reference command."""
        self.shots = ShotWatch(seat)
        """This seat's Corrigan shot awaiting its outcome, and what befell seats since."""
        self.made_accusation = False
        """Whether this seat's accusation was made (or proposed, or lapsed) today."""
        self.declared: tuple[int, int] | None = None
        """``declare_draw``: this seat declared an accusation today; then (declarations, slots) once all had."""
        self.accused_today = False
        """Whether this seat was asked to accuse today (if not, and the day's accusations filled up, it is told why)."""
        self.asked: str | None = None
        """The free-form question last asked (``ballot``, ``speech``): a refused answer is asked again
        there, not from the menu that led to it."""

    # -- the table talks -------------------------------------------------------------------------

    quiet = False
    """Set while a resumed game is retraced: its past is summed up by the recap instead."""

    def observe(self, events: Sequence[Event]) -> None:
        """Print what the host says about events this seat may see."""
        if self.quiet:
            return
        for event in events:
            match event.payload:
                case Day():
                    self.accused_today, self.made_accusation, self.declared = False, False, None
                case AccusationDeclared():  # its turn came: it declared (declare_draw)
                    self.declared, self.accused_today = (0, 0), True
                case AccusationsDeclared(declared=declared, slots=slots) if self.declared is not None:
                    self.declared = (len(declared), slots)
                case AccusationMade(accuser=accuser) | AccusationProposed(accuser=accuser) \
                        | AccusationLapsed(accuser=accuser) if accuser == self.seat:
                    self.accused_today = self.made_accusation = True
            self._follow_rebirths(event)
            for line in self.narrator.lines([event]):
                self.write(line)
            self._follow_shot(event)
            if not isinstance(vote := event.payload, VoteOpen) or vote.revote:
                continue
            if self._left_without_accusation():
                following = "accusations_next_random" if self.narrator.drawn else "accusations_next_rotating"
                self.write(self.narrator.say("accusations_full_you", limit=self.narrator.accusations[1],
                                             next=self.narrator.words[following]))
            elif self.declared is not None and not self.made_accusation:
                self.write(self.narrator.say("accusation_not_drawn", count=self.declared[0], slots=self.declared[1]))

    def _follow_rebirths(self, event: Event) -> None:
        """Tell of other seats' second lives when they are given (:class:`RebirthWatch`)."""
        for seat in self.rebirths.follow(event.payload):
            self.write(self.reference.say("rebirth", seat, name=self.narrator.name(seat)))

    def _follow_shot(self, event: Event) -> None:
        """A private word of what this seat's Corrigan shot did, once the seat can tell (:class:`ShotWatch`)."""
        told = self.shots.follow(event.payload)
        if told is not None:
            key, target = told
            self.write(self.narrator.say(key, target, name=self.narrator.name(target)))

    def _left_without_accusation(self) -> bool:
        """Alive, never asked today, and the day's accusations were full: the person had no turn (L74)."""
        alive = self.view is None or self.seat not in getattr(self.view, "out", ())
        return alive and not self.accused_today and self.narrator.accusations_full()

    def write(self, line: str) -> None:
        """One line to the person."""
        self.stdout.write(safe_to_print(line) + "\n")  # the table's lines hold the seats' speeches
        self.stdout.flush()

    def ask(self, prompt: str) -> str:
        """Show ``prompt`` and read one line (without the newline); reference commands are answered here."""
        while True:
            self.stdout.write(safe_to_print(prompt) + " > ")
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                raise HumanLeftError("end of input")
            if line.strip().lower() in typed("quit"):  # q / «выход»: saved and stopped as by Ctrl-D, even as a speech
                raise HumanLeftError("quit")
            command = typed_commands("battaglia").get(line.strip().lower())  # the reference, the turn unspent
            if command is None or self.view is None:
                return line.rstrip("\r\n")
            for shown in self.look_up(command):
                self.write(shown)
            for shown in self.shown:
                self.write(shown)

    def look_up(self, command: str) -> list[str]:
        """The reference lines for ``command`` (``help``, ``sheet``, ``who``, ``log``) from this seat's view."""
        view, ref = self.view, self.reference
        if command == "sheet":
            return ref.sheet(view, self.rainmaker_force)
        if command == "who":
            return ref.roster(view)
        if command == "log":
            return ref.log(view)
        hint, lines = split(ref.hint(view, self.legal))
        reason = why(lines, self.narrator.table.lang)
        return [ref.say("help_title") + ":", *(["  " + hint] if hint else []), *(["  " + reason] if reason else []),
                "  " + ref.say("commands")]

    def confirm(self, label: str) -> bool:
        """Ask before a move that cannot be undone; only an explicit yes goes through."""
        answer = self.ask(self.reference.confirm_prompt(label)).strip().lower()
        if answer in typed("yes"):
            return True
        self.write(self.reference.say("back"))
        return False

    def menu(self, title: str, options: Sequence[tuple[str, Any]]) -> Any:
        """Numbered choices; returns the chosen option's value. Re-asks on bad input; an irreversible
        choice is asked about once more."""
        self.shown = [title] + [f"  {number}. {label}" for number, (label, _) in enumerate(options, start=1)]
        for line in self.shown:
            self.write(line)
        phase = str(getattr(self.view, "phase", ""))
        while True:
            answer = self.ask("#").strip()
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                label, value = options[int(answer) - 1]
                if isinstance(value, Action) and is_irreversible(value, phase) and not self.confirm(label):
                    continue
                return value
            self.write(self.narrator.say("bad_input", low=1, high=len(options)))

    # -- decisions -------------------------------------------------------------------------------

    def act(self, request: Request) -> Action:
        """Ask the person for this seat's move."""
        legal, view = request.legal, request.view
        again = self.asked if request.rejection is not None else None
        if request.rejection is not None:
            self.write(self.narrator.say("rejected", message=refusal(self.narrator.table.lang, request.rejection.code)))
        self.view, self.legal, self.shown, self.asked = view, legal, [], None
        kinds = {a.kind for a in legal}
        if again == "ballot" and "vote" in kinds:
            return self._ballot(view)  # the same question again, not the menu before it
        if again == "speech" and "speak" in kinds:
            return self._speech()
        for line in self.reference.rebirths(view, self.reborn):
            self.write(line)
        hint = split(self.reference.hint(view, legal))[0]  # its rule lines: on "?"
        if hint:
            self.write("(" + hint + ")")
        if "choose" in kinds:
            move = self._choose(view, legal)
            if str(view.step) in CORRIGAN_STEPS and isinstance(move, Choose) and move.target is not None:
                self.shots.aim("night", move.target)
            return move
        if "whisper" in kinds:
            return Whisper(actor=self.seat, text=self.ask(self.narrator.say("prompt_whisper")))
        if "judge" in kinds:
            return self._judge(view)
        if "accuse" in kinds:
            self.accused_today = self.accused_today or str(view.phase) == "accuse"
            return self._accuse(view, legal)
        if "vote" in kinds:
            return self._vote(view, legal)
        if "speak" in kinds:
            return self._speak(legal)
        return self._special(view, legal)

    def _choose(self, view: Any, legal: Sequence[Action]) -> Action:
        step = self.narrator.steps.get(str(view.step), str(view.step))
        options: list[tuple[str, Action]] = [(self.menu_name(a.target), a) for a in legal
                                             if isinstance(a, Choose) and a.target is not None]
        options.append((self.narrator.say("prompt_pass"), Pass(actor=self.seat)))
        return self.menu(self.narrator.say("prompt_choose", step=step), options)

    def _judge(self, view: Any) -> Action:
        pending = next((e.payload for e in reversed(view.log) if isinstance(e.payload, AccusationProposed)), None)
        accuser = self.narrator.name(pending.accuser) if pending else "?"
        target = self.narrator.name(pending.target) if pending else "?"
        self.shown = [self.narrator.say("prompt_judge", accuser=accuser, target=target)]
        self.write(self.shown[0])
        while True:
            answer = self.ask("#").strip()
            if answer in ("1", "2"):
                return Judge(actor=self.seat, approve=answer == "1")
            self.write(self.narrator.say("bad_input", low=1, high=2))

    def _accuse(self, view: Any, legal: Sequence[Action]) -> Action:
        last_words = str(view.phase) == "last_words"
        pairs: dict[tuple[int, str], list[Accuse]] = {}
        for a in legal:
            # A shadow charge is offered against revealed shadows only (L74); self-accusation is pointless.
            if isinstance(a, Accuse) and a.target != self.seat and (
                    a.charge == "dark" or a.target in view.revealed_shadow):
                pairs.setdefault((a.target, a.charge), []).append(a)
        options: list[tuple[str, Any]] = []
        for (target, charge), moves in pairs.items():
            label = self.menu_name(target)
            if charge == "shadow":
                label += " — " + self.narrator.say("prompt_charge_shadow")
            options.append((label, moves))
        options += [(self._label(a), a) for a in legal if not isinstance(a, Accuse)]
        title = ("prompt_last_words" if last_words else "prompt_accuse")
        picked = self.menu(self.narrator.say(title, made=len(view.accusations), limit=view.accusations_limit), options)
        if not isinstance(picked, list):
            return picked
        if last_words:
            return picked[0]
        move = self._basis(picked)
        return Accuse(actor=self.seat, target=move.target, basis=move.basis, charge=move.charge,
                      text=self.ask(self.narrator.say("prompt_text")))

    def _basis(self, moves: list[Accuse]) -> Accuse:
        by_basis = {m.basis: m for m in moves}
        if len(by_basis) == 1:
            return moves[0]
        self.write(self.reference.basis())
        self.write(self.narrator.say("prompt_basis"))
        while True:
            answer = self.ask("#").strip()
            if answer in ("1", "2"):
                return by_basis["legend" if answer == "1" else "logic"]
            self.write(self.narrator.say("bad_input", low=1, high=2))

    def _vote(self, view: Any, legal: Sequence[Action]) -> Action:
        reveal = next((a for a in legal if isinstance(a, RevealLord)), None)
        if reveal is not None:
            choice = self.menu(self.narrator.say("prompt_or"), [(self.narrator.say("action_vote"), None),
                                                               (self.narrator.say("action_reveal_lord"), reveal)])
            if choice is not None:
                return choice
        return self._ballot(view)

    def _ballot(self, view: Any) -> Action:
        """The candidates by menu number; a ballot the kernel would refuse is asked again here, with the
        reason in menu numbers and names (a duplicate, a number off the list, more names than votes)."""
        candidates = list(view.candidates)
        self.shown = [f"  {number}. {self.menu_name(seat)}" for number, seat in enumerate(candidates, start=1)]
        for line in self.shown:
            self.write(line)
        self.asked = "ballot"
        while True:
            answer = self.ask(self.narrator.say("prompt_vote", votes=view.votes)).replace(",", " ").split()
            if answer == ["0"]:
                return Pass(actor=self.seat)
            problem = self._ballot_problem(answer, candidates, view.votes)
            if problem is None:
                return Vote(actor=self.seat, targets=tuple(candidates[int(x) - 1] for x in answer))
            self.write(problem)

    def _ballot_problem(self, answer: list[str], candidates: list[int], votes: int) -> str | None:
        say, lang = self.narrator.say, self.narrator.table.lang
        if not answer or not all(x.isdigit() for x in answer):
            return say("bad_input", low=0, high=len(candidates))
        numbers = [int(x) for x in answer]
        stranger = next((n for n in numbers if not 1 <= n <= len(candidates)), None)
        if stranger is not None:
            return say("ballot_unknown", number=stranger, high=len(candidates))
        twice = next((n for i, n in enumerate(numbers) if n in numbers[:i]), None)
        if twice is not None:
            return say("ballot_duplicate", name=f"{twice}. {self.menu_name(candidates[twice - 1])}")
        if len(numbers) > votes:
            return say("ballot_too_many", votes=plural(lang, "votes", votes), votes_n=votes, named_n=len(numbers))
        return None

    def menu_name(self, seat: int) -> str:
        """A seat's name in a numbered menu: the name without its seat number (a menu's numbers are its
        own: "3. Глеб (4)" invited typing 4), unless another seat has the same name."""
        names = self.narrator.table.names
        if not 0 <= seat < len(names) or names.count(names[seat]) > 1:
            return self.narrator.name(seat)
        name = names[seat]
        return f"{name} [{self.narrator.words['you']}]" if seat == self.seat else name

    def _speak(self, legal: Sequence[Action]) -> Action:
        reveal = next((a for a in legal if isinstance(a, RevealLord)), None)
        if reveal is not None:
            choice = self.menu(self.narrator.say("prompt_or"), [(self.narrator.say("action_speak"), None),
                                                               (self.narrator.say("action_reveal_lord"), reveal)])
            if choice is not None:
                return choice
        return self._speech()

    def _speech(self) -> Action:
        self.asked = "speech"
        return Speak(actor=self.seat, text=self.ask(self.narrator.say("prompt_speak")))

    def _special(self, view: Any, legal: Sequence[Action]) -> Action:
        """The condemned's answer, or the execution moment's objections."""
        condemned = view.condemned
        phase = str(view.phase)
        if phase == "condemned":
            title = self.narrator.say("prompt_condemned")
        elif phase == "execution" and condemned is not None:
            title = self.narrator.say("prompt_execution", name=self.narrator.name(condemned))
        else:  # e.g. the Lord's reveal offered at night: no execution to name
            title = self.narrator.say("prompt_or")
        return self.menu(title, [(self._label(a, str(view.phase)), a) for a in legal])

    def _label(self, action: Action, phase: str = "") -> str:
        say = self.narrator.say
        if isinstance(action, RevealLord):
            return say("action_reveal_lord")
        if isinstance(action, Curse):
            return say("action_curse")
        if isinstance(action, Intercede):
            return say("action_intercede")
        if isinstance(action, RevealBishop):
            return say("action_reveal_bishop")
        if isinstance(action, DyingShot):
            return say("action_dying_shot", name=self.menu_name(action.target))
        if isinstance(action, Pass):
            return say("action_accept") if phase == "condemned" else say(
                "action_no_objection") if phase == "execution" else say("prompt_pass")
        return action.kind
