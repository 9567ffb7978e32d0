"""The Storyteller's seat: the voice proposes, the player chooses an approach; the kernel has the last word."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Protocol

from narrator.agents.base import AgentGaveUpError, Decision, Request
from narrator.rules.core import Rejection
from narrator.storyteller.template import Choice, Option, StorytellerVoice

HELP = {
    "en": "Type the number of an approach; add w to spend a Willpower point (e.g. 2w), a to take the automatic "
          "success of pool >= difficulty (e.g. 1a); q quits (the game is saved).",
    "ru": "Введите номер подхода; добавьте w, чтобы потратить пункт Силы воли (например, 2w), a — чтобы взять "
          "автоматический успех, если запас не меньше сложности (например, 1a); q — выход (игра сохранена).",
}


class QuitGame(EOFError):
    """The player left the table (EOF or ``q``); the transcript can be resumed."""


class Player(Protocol):
    """Whoever answers for the player character."""

    def choose(self, options: list[Option], rejection: Rejection | None) -> Choice:
        """Pick an approach (the rejection, if any, says why the last pick was refused)."""


def parse_choice(text: str, options: list[Option]) -> Choice | str:
    """``"2w"`` -> Choice; a message when the input is not a choice.

    >>> parse_choice("2w", [Option(1, "a", "A", ""), Option(2, "b", "B", "")])
    Choice(approach='b', willpower=True, automatic=False)
    """
    raw = text.strip().lower().replace(" ", "")
    flags = raw.lstrip("0123456789")
    number = raw[: len(raw) - len(flags)]
    if not number or set(flags) - {"w", "a"}:
        return f"{text!r} is not a choice; type 1..{len(options)}, optionally followed by w or a"
    index = int(number)
    if not 1 <= index <= len(options):
        return f"{index} is not one of the approaches 1..{len(options)}"
    return Choice(options[index - 1].approach, willpower="w" in flags, automatic="a" in flags)


class TerminalPlayer:
    """Asks at the terminal; illegal input gets a reason and a new prompt, EOF or ``q`` quits cleanly."""

    def __init__(self, ask: Callable[[str], str], say: Callable[[str], None], lang: str = "en") -> None:
        self.ask, self.say, self.lang = ask, say, lang

    def choose(self, options: list[Option], rejection: Rejection | None) -> Choice:
        if rejection is not None:
            self.say(f"[red]refused ({rejection.code}):[/] {rejection.message}")
        for option in options:
            self.say(f"  [bold]{option.number}[/]. {option.label} [dim]{option.preview}[/]")
        while True:
            try:
                text = self.ask("> ")
            except (EOFError, KeyboardInterrupt):
                raise QuitGame("end of input") from None
            if text.strip().lower() in ("q", "quit", "exit"):
                raise QuitGame("quit")
            if text.strip() in ("?", "h", "help"):
                self.say(HELP.get(self.lang, HELP["en"]))
                continue
            parsed = parse_choice(text, options)
            if isinstance(parsed, Choice):
                return parsed
            self.say(f"[yellow]{parsed}[/]")


class ScriptedPlayer:
    """Answers from a list of inputs (tests, demos); when they run out, quits or picks the first approach."""

    def __init__(self, inputs: Iterable[str], *, then: str = "quit") -> None:
        self.inputs: Iterator[str] = iter(inputs)
        self.then = then
        self.rejections: list[Rejection] = []

    def choose(self, options: list[Option], rejection: Rejection | None) -> Choice:
        if rejection is not None:
            self.rejections.append(rejection)
        for text in self.inputs:
            parsed = parse_choice(text, options)
            if isinstance(parsed, Choice):
                return parsed
        if self.then == "quit":
            raise QuitGame("script exhausted")
        # after a refusal try the next approach, so a scripted player never repeats a refused one forever
        self.fallback_index = (getattr(self, "fallback_index", -1) + 1) if rejection is not None else 0
        return Choice(options[self.fallback_index % len(options)].approach)


class StorytellerSeat:
    """The agent in the Storyteller's seat (``HOST``): the voice decides, asking the player when it is theirs."""

    max_attempts = None
    """Asked until the proposal is legal: a human is choosing, and the kernel's reason is shown each time."""

    def __init__(self, voice: StorytellerVoice, player: Player, name: str = "template-storyteller") -> None:
        self.voice, self.player, self.name = voice, player, name

    def act(self, request: Request) -> Decision:
        options = self.voice.options(request.view)
        if not options:
            if request.rejection is not None:
                raise AgentGaveUpError(f"the Storyteller's own move was refused: {request.rejection.message}")
            return Decision(self.voice.propose(request.view, None), {"by": "storyteller"})
        choice = self.player.choose(options, request.rejection)
        action = self.voice.propose(request.view, choice)
        return Decision(action, {"by": "player", "approach": choice.approach, "willpower": choice.willpower,
                                 "automatic": choice.automatic})
