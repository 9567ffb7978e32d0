"""The Storyteller games' reference at the terminal: the character sheet, who is in the scene, and a
label on every roll line (initiative, attack, damage, soak, resisted and simple rolls).

Built from the seat's own view (its sheet, the public conditions of the characters) and from public
roll events; the words are the catalogue's ``st_reference`` (``prompts/i18n/<lang>/st_reference.yaml``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from rich.markup import escape

from narrator.agents.i18n import catalogue, character_gender, health_name, message, plural
from narrator.rules.core import Event
from narrator.rules.storyteller import events as ev
from narrator.rules.storyteller.sheet import ATTRIBUTES

GROUPS = (("physical", ATTRIBUTES[:3]), ("social", ATTRIBUTES[3:6]), ("mental", ATTRIBUTES[6:]))


def display_name(lang: str, character: str) -> str | None:
    from narrator.storyteller.template import display_name as shipped

    return shipped(lang, character)


def concept_of(lang: str, sheet: Mapping[str, Any]) -> str:
    """A character's concept in ``lang``: a shipped sample's from the catalogue, else the sheet's own words."""
    found = catalogue(lang).get("troupe", {}).get("concepts", {}).get(str(sheet.get("id")))
    return str(found) if found else str(sheet.get("concept") or "")


class Reference:
    """The sheet and roll labels in one language; ``names`` maps character ids to names."""

    def __init__(self, lang: str, names: Mapping[str, str] | None = None) -> None:
        self.lang = lang if lang in ("ru", "en") else "en"
        self.names = dict(names or {})
        self.words: Mapping[str, str] = catalogue(self.lang)["st_reference"]

    def say(self, key: str, **slots: Any) -> str:
        return self.words[key].format(**slots)

    def trait(self, name: str) -> str:
        """A trait's name in the language (``firearms`` -> ``Стрельба``)."""
        found = catalogue(self.lang)["traits"].get(name)
        return str(found) if found else name.replace("_", " ").capitalize()

    def health(self, level: str, character: str = "") -> str:
        """A health level in the form that agrees with the character («Рут: Ранена»)."""
        return health_name(self.lang, level, character_gender(self.lang, character) if character else "m")

    def weapon(self, name: Any) -> str:
        found = catalogue(self.lang)["weapons"].get(str(name))
        return str(found) if found else str(name or "—")

    def who(self, character: Any) -> str:
        return display_name(self.lang, str(character)) or self.names.get(str(character), str(character))

    # -- the sheet ---------------------------------------------------------------------------------

    def sheet(self, view: Mapping[str, Any]) -> list[str]:
        """The viewer's own sheet (every full player sheet of the view) with its current Willpower and health."""
        lines: list[str] = []
        for sheet in view.get("sheets", ()):
            if not sheet.get("player", True) or "attributes" not in sheet:
                continue  # another seat's character: the table knows its name and concept, not its sheet
            cond: Mapping[str, Any] = next((c for c in view.get("characters") or () if c["id"] == sheet["id"]), {})
            attrs = sheet.get("attributes", {})
            lines.append(self.say("sheet", name=display_name(self.lang, str(sheet["id"])) or sheet["name"]))
            for group, names in GROUPS:
                lines.append(f"  {self.say(group)}: " + ", ".join(f"{self.trait(a)} {attrs.get(a, 0)}" for a in names))
            abilities = [f"{self.trait(a)} {r}" for a, r in sorted(sheet.get("abilities", {}).items()) if r]
            lines.append(f"  {self.say('abilities')}: " + (", ".join(abilities) or "—"))
            lines.append(f"  {self.say('willpower')}: {cond.get('willpower', sheet['willpower'])} / {sheet['willpower']}")
            for key, word in (("rage", "rage"), ("gnosis", "gnosis"), ("blood_pool", "blood"), ("celerity", "celerity")):
                if sheet.get(key):
                    now = cond.get(key, sheet[key]) if key == "rage" else sheet[key]
                    lines.append(f"  {self.say(word)}: {now}" + (f" / {sheet[key]}" if key == "rage" else ""))
            lines.append(f"  {self.say('health')}: {self._health(cond)}")
        return lines

    def _health(self, cond: Mapping[str, Any]) -> str:
        damage = len(cond.get("damage", ()))
        text = self.health(str(cond.get("health", "unhurt")), str(cond.get("id", "")))
        return text + (f" ({plural(self.lang, 'wounds', damage)})" if damage else "")

    def scene(self, view: Mapping[str, Any], present: Collection[str] | None = None) -> list[str]:
        """The public condition of every character in the scene (``present``: the ids the scene has, or
        every character); another player character also by its concept."""
        sheets = {str(s["id"]): s for s in view.get("sheets", ())}
        lines = [self.say("others") + ":"]
        for cond in view.get("characters") or ():
            if present is not None and str(cond["id"]) not in present:
                continue
            sheet = sheets.get(str(cond["id"]), {})
            concept = concept_of(self.lang, sheet) if sheet.get("player") and "attributes" not in sheet else ""
            name = self.who(cond["id"])
            if concept:
                name = message(self.lang, "troupe.known", name=name, concept=concept)
            lines.append("  " + self.say("condition", name=name, health=self._health(cond)))
        return lines

    def team_lines(self, event: Event) -> list[str]:
        """One labelled line per member of a teamwork roll (plain text)."""
        lines = []
        for result in event.data.get("results", ()):
            traits = " + ".join(self.trait(t) for t in result.get("traits", ()))
            label = message(self.lang, "troupe.team_label", traits=traits, difficulty=result.get("difficulty"),
                            who=self.who(result.get("character")))
            botch = f" ({message(self.lang, 'troupe.team_botch')})" if result.get("botch") else ""
            lines.append(f"{label} {_faces(result.get('dice', ()))} → {result.get('net')}{botch}")
        return lines

    # -- roll lines (rich markup) ----------------------------------------------------------------

    def roll_label(self, event: Event) -> str | None:
        """The label line above a roll's dice, or the whole line for initiative, damage and soak."""
        match event.payload:
            case ev.RollResolved(automatic=automatic, traits=names, difficulty=difficulty, character=character) \
                    if not automatic:
                traits = " + ".join(self.trait(t) for t in names)
                return self.say("roll", traits=traits, difficulty=difficulty, who=self.who(character))
            case ev.AttackRolled(weapon=weapon, character=character, defender=defender, difficulty=difficulty):
                return self.say("attack", weapon=self.weapon(weapon), who=self.who(character),
                                defender=self.who(defender), difficulty=difficulty)
        return None

    def roll_lines(self, event: Event, markup: bool = True) -> list[str]:
        """Lines for initiative, damage, soak and resisted rolls (labelled): rich markup, or plain text."""
        return [escape(line) if markup else line for line in self._roll_lines(event)]

    def _roll_lines(self, event: Event) -> list[str]:
        match event.payload:
            case ev.InitiativeRolled(results=results):  # the total named as initiative, not a bare «→ 4» (playtest 17)
                return [(self.say("initiative" if r.get("dice") else "initiative_none", who=self.who(who),
                                  dice=_faces(r.get("dice", ())), difficulty=r.get("difficulty"), net=r.get("net")))
                        for who, r in (results or {}).items()]
            case ev.DamageRolled(character=character, dice=dice, difficulty=difficulty, damage=damage,
                                 damage_type=damage_type):
                kind = self.words.get(str(damage_type), str(damage_type))
                return [(self.say("damage", who=self.who(character), dice=_faces(dice), difficulty=difficulty,
                                  damage=damage, kind=kind))]
            case ev.SoakRolled(character=character, dice=dice, difficulty=difficulty, soaked=soaked):
                return [(self.say("soak", who=self.who(character), dice=_faces(dice), difficulty=difficulty,
                                  soaked=soaked))]
            case ev.ContestResolved(character=character, opponent=opponent, mine=mine, theirs=theirs):
                # each side's difficulty and net successes, as a single roll says them (playtest 17: the web
                # printed the difficulty, the terminal did not, and a player could not check «neither gives way»)
                return [(self.say("resisted", who=self.who(character), dice=_side_text(self, mine),
                                  opponent=self.who(opponent), their=_side_text(self, theirs)))]
        return []


def _side_text(ref: Reference, side: Any) -> str:
    """One side of a contest: «3 10 8 10 vs 6 → 3 successes» (a Willpower point or an automatic success: its own
    words, no dice)."""
    net = plural(ref.lang, "successes", int(side.get("net") or 0))
    if side.get("automatic") or not side.get("dice"):
        return ref.say("resisted_auto", net=net)
    return ref.say("resisted_side", dice=_faces(side.get("dice", ())), difficulty=side.get("difficulty"), net=net)


def _faces(dice: Any) -> str:
    return " ".join(str(x) for x in dice) or "—"
