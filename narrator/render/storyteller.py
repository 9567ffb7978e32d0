"""The Storyteller games' words (Vampire: Dark Ages, Werewolf: Wild West): events, roll requests, the panel of
scene, sheet and last roll, a roll's line.

The template Storyteller of a view's scenario (:func:`voice_of_view`) frames the scene; the roll lines are the
terminal's (:mod:`narrator.storyteller.render`'s labels). The web table's flow (the approach question, the seat's
rolls from its sheet, the bot Storyteller) is :mod:`narrator.web.adapters.storyteller`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from narrator.agents.i18n import ByLanguage, catalogue, character_gender, health_name, message
from narrator.agents.names import fill
from narrator.rules.core import HOST, Action, Event, PlayerId
from narrator.rules.storyteller import events as ev
from narrator.rules.storyteller.actions import Resisted, Roll, Teamwork
from narrator.rules.storyteller.sheet import ATTRIBUTES

from narrator.render.text import Context, Section, Text
from narrator.storyteller.data import DataError
from narrator.storyteller.reference import Reference, concept_of
from narrator.storyteller.render import LABELS
from narrator.storyteller.scenario import Scenario, find_scenario, load_narration
from narrator.storyteller.template import TemplateStoryteller, display_name

W = ByLanguage("web_storyteller")
"""The words by language (``prompts/i18n/<lang>/web_storyteller.yaml``)."""

GROUPS = (("physical", ATTRIBUTES[:3]), ("social", ATTRIBUTES[3:6]), ("mental", ATTRIBUTES[6:]))


def book_of(game: str) -> str:
    """``dark-ages`` -> ``dark_ages``."""
    return game.replace("-", "_")


def scenario_of(book: str, scenario: str = "") -> Scenario:
    """The scenario ``scenario`` of ``book`` (its id; the built-in one when empty), read once."""
    try:
        return find_scenario(book, scenario)
    except DataError as error:
        raise ValueError(str(error)) from None


@functools.cache
def narration_data() -> dict[str, Any]:
    return load_narration()


@functools.lru_cache(maxsize=64)
def voice_for(book: str, lang: str, scenario: str = "") -> TemplateStoryteller:
    """The template Storyteller of ``book``'s ``scenario`` in ``lang`` (it reads the troupe from each view;
    its decisions need no state, so it is shared for reading; a table's narration uses its own voice,
    :class:`TableVoice`, which remembers what each scene heard)."""
    return TemplateStoryteller(scenario_of(book, scenario), narration_data(), lang=lang, labels=True)


def voice_of_view(view: Mapping[str, Any], lang: str) -> TemplateStoryteller:
    """The template Storyteller of the scenario a view's table plays."""
    return voice_for(str(view["book"]), lang, str(view.get("scenario") or ""))


def player_ids(view: Mapping[str, Any]) -> list[str]:
    """The player characters' ids in seat order (any view shows the player sheets)."""
    return [str(s["id"]) for s in view.get("sheets", ()) if s.get("player", True)]


def history_entry(roll: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A roll of the seat's history: the roll and its lines (title, Willpower, the dice and the verdict)."""
    from narrator.storyteller.sheet_roll import roll_lines

    return {**roll, "lines": [*roll_lines(roll, lang), roll_line(roll, Context((), lang))]}


def dice_faces(result: Mapping[str, Any]) -> str:
    """The faces, a cancelled face struck through (``8 3 1̶ 10``), re-rolled tens after a bar."""
    cancelled = set(result.get("cancelled", ()))
    faces = [("\u0336".join(str(f)) + "\u0336") if i in cancelled else str(f) for i, f in enumerate(result["dice"])]
    rerolls = " | " + " ".join(map(str, result["rerolls"])) if result.get("rerolls") else ""
    return " ".join(faces) + rerolls


def _npc_names(view: Any, lang: str) -> dict[str, str]:
    """The scenario's Storyteller characters' names in ``lang`` (none for a view without a book)."""
    if not isinstance(view, Mapping) or not view.get("book"):
        return {}
    try:
        return voice_of_view(view, lang).npc_names
    except (ValueError, KeyError):
        return {}


def verdict(result: Mapping[str, Any], lang: str) -> str:
    """The degree of success, a failure, or a botch, in words."""
    # a team member's share carries no category of its own: its degree (a success) or its outcome
    category = str(result.get("category") or result.get("degree") or result.get("outcome"))
    return LABELS.get(lang, LABELS["en"])["labels"].get(category, category)


def roll_line(result: Mapping[str, Any], ctx: Context) -> str:
    """``8 3 1̶ 10 vs 6: 2 net — moderate success``."""
    if result.get("automatic") or not result.get("dice"):
        return f"{W.get(ctx.language, W['en'])['auto']} — {verdict(result, ctx.language)}"
    lang = ctx.language if ctx.language in W else "en"
    return W[lang]["roll_line"].format(faces=dice_faces(result), difficulty=result["difficulty"], net=result["net"],
                                       verdict=verdict(result, lang))


def contest_line(result: Mapping[str, Any], who: Any, ctx: Context) -> str:
    """A contest told as one: each side's net successes and who prevailed (``… 1 net against Aymar's 2 — lost``).

    A tie is nobody's win: in the Wild West (and an extended contest) it goes on to the next turn, in a Dark
    Ages one-shot contest the status quo holds (seeds/003 L106-112; rules/storyteller.md D7)."""
    lang = ctx.language if ctx.language in W else "en"
    words = W[lang]
    mine, theirs = result.get("mine") or {}, result.get("theirs") or {}
    character = result.get("character")
    if mine.get("botch"):
        outcome = verdict({"category": "botch"}, lang)
    elif result.get("tie") or result.get("winner") is None:
        outcome = words["contest_tie_goes_on" if result.get("continues") else "contest_tie_holds"]
    elif result.get("winner") == character:
        outcome = fill(words["contest_won"], lang, verdict=verdict(result, lang))
    else:
        outcome = words["contest_lost"]
    faces = dice_faces(mine) if mine.get("dice") else words["auto"]
    their_faces = dice_faces(theirs) if theirs.get("dice") else words["auto"]  # both pools, as the terminal shows them
    return fill(words["contest_line"], lang, who=who(character), faces=faces, difficulty=mine.get("difficulty", ""),
                mine=mine.get("net", 0), opponent=who(result.get("opponent")), their_faces=their_faces,
                their_difficulty=theirs.get("difficulty", ""), theirs=theirs.get("net", 0), outcome=outcome)


class StorytellerText(Text):
    """Scene, sheet and last roll for the player; the Storyteller's requests and the rolls in words."""

    host_key = "viewer.storyteller"  # the rulebook's word for the one who runs the game, not a generic GM

    def w(self, ctx: Context, key: str, **values: Any) -> str:
        text = W.get(ctx.language, W["en"]).get(key, key)
        return fill(text, ctx.language, **values) if values else text

    def trait(self, name: str, ctx: Context) -> str:
        return str(catalogue(ctx.language)["traits"].get(name) or name.replace("_", " ").capitalize())

    def action_label(self, action: Action, view: Any, ctx: Context) -> str:
        """A Storyteller's roll request in words (whose, which traits, how hard); other moves as usual."""
        def who(character: Any) -> str:
            sheets = view.get("sheets", ()) if isinstance(view, Mapping) else ()
            named = next((str(s["name"]) for s in sheets if str(s.get("id")) == str(character)), "")
            return display_name(ctx.language, str(character)) or _npc_names(view, ctx.language).get(str(character)) \
                or named or str(character).capitalize()

        def traits(names: Sequence[str]) -> str:
            return " + ".join(self.trait(t, ctx) for t in names)

        match action:
            case Roll():
                label = self.w(ctx, "proposal_roll", who=who(action.character), traits=traits(action.traits),
                               difficulty=action.difficulty)
            case Resisted():
                label = self.w(ctx, "proposal_resisted", who=who(action.character), opponent=who(action.opponent),
                               traits=traits(action.traits), difficulty=action.difficulty)
            case Teamwork():
                label = self.w(ctx, "proposal_teamwork", who=", ".join(who(m) for m in action.members),
                               traits=traits(action.traits[0]) if action.traits else "", difficulty=action.difficulty)
            case _:
                return super().action_label(action, view, ctx)
        target = int(action.target or 0)
        return label + (self.w(ctx, "proposal_target", target=target) if target else "")

    def event_text(self, event: Event, view: Any, ctx: Context) -> str | None:
        # a name written for mid-sentence («брат Одо») may open a line: the log's lines open with a capital
        # («брат Одо: 8 10 сл. 6 …» read as a slip on the phone), as the terminal's narration does
        text = self._event_text(event, view, ctx)
        return "\n".join(line[:1].upper() + line[1:] for line in text.split("\n")) if text else text

    def _event_text(self, event: Event, view: Any, ctx: Context) -> str | None:
        d, payload = event.data, event.payload
        names = {str(s["id"]): display_name(ctx.language, str(s["id"])) or str(s["name"]) for s in view.get("sheets", ())} if isinstance(view, Mapping) else {}
        npcs = _npc_names(view, ctx.language)  # a seat's view has no Storyteller sheets: the scenario names them

        def who(character: Any) -> str:
            return (display_name(ctx.language, str(character)) or npcs.get(str(character))
                    or names.get(str(character)) or str(character).capitalize())

        if event.kind == "narration":  # a table's narration line (no kernel event): the bot Storyteller's words
            # beside its move are told by its narration, in order (below)
            return "" if d.get("by") == HOST else str(d.get("text", ""))
        match payload:
            case ev.SceneBegun(number=number, scene=scene):
                return self.w(ctx, "scene_begun", number=number, scene=str(scene).replace("-", " "))
            case ev.TurnBegun():
                return ""  # told by the Storyteller's narration (a bot's «— turn 2 —», else narration() below)
            case ev.RollRequested() | ev.ContestRequested() | ev.TeamRequested() | ev.InitiativeRequested() \
                    | ev.AttackRequested() | ev.TeamResolved() | ev.RollResolved() | ev.ContestResolved():
                return self._roll_text(event, who, ctx)
        ref = Reference(ctx.language, {k: who(k) for k in {str(d.get(f)) for f in ("character", "defender", "opponent")}
                                       | {str(c) for c in d.get("order", ())}})
        match payload:
            case ev.InitiativeRolled(order=order):  # each side's dice, then the order
                return "\n".join([*ref.roll_lines(event, markup=False),
                                  self.w(ctx, "initiative", order=", ".join(who(c) for c in order))])
            case ev.AttackRolled(character=character, dice=dice, net=net):
                return f"{ref.roll_label(event)} {' '.join(map(str, dice))} — " + self.w(
                    ctx, "attack_rolled", who=who(character), net=net)
            case ev.DamageRolled() | ev.SoakRolled():
                return "\n".join(ref.roll_lines(event, markup=False))
            case ev.Wounded(defender=defender, damage=damage, soaked=soaked, wounds=wounds, health=health, boxes=boxes):
                # the one line of a hit (the bot's narration no longer repeats it: web adapter): what it did, and
                # after earlier wounds the track's total («ран 5 (всего 8) — мёртв», not «ран 5 (мёртв)»)
                total = self.w(ctx, "wounded_total", boxes=boxes) if boxes != wounds else ""
                return self.w(ctx, "wounded", who=who(defender), damage=damage, soaked=soaked, wounds=wounds,
                              total=total, health=health_name(ctx.language, str(health),
                                                              character_gender(ctx.language, str(defender), view)))
            case ev.TensRerolled(faces=faces):
                return self.w(ctx, "tens_rerolled", dice=" ".join(map(str, faces)))
            case ev.StoryEnded(ending=ending):
                return self.w(ctx, "story_ended", ending=str(ending).replace("-", " "))
        return super().event_text(event, view, ctx)

    def _roll_text(self, event: Event, who: Any, ctx: Context) -> str:
        """A roll requested (its traits and pool; a contest; an attack) or resolved (each member's, a contest's)."""
        d = event.data
        match event.payload:
            case ev.RollRequested(character=character, traits=names, pool=pool, difficulty=difficulty,
                                  willpower=willpower):
                traits = " + ".join(self.trait(t, ctx) for t in names)
                return self.w(ctx, "requested", who=who(character), traits=traits, pool=pool,
                              difficulty=difficulty) + (self.w(ctx, "with_wp") if willpower else "")
            case ev.ContestRequested(character=character, opponent=opponent, pools=pools):
                return self.w(ctx, "contest", who=who(character), opponent=who(opponent),
                              pools=" : ".join(map(str, pools)))
            case ev.AttackRequested(character=character, defender=defender, weapon=weapon, pool=pool,
                                    difficulty=difficulty):
                return self.w(ctx, "attack", who=who(character), defender=who(defender),
                              weapon=catalogue(ctx.language)["weapons"].get(str(weapon), str(weapon)),
                              pool=pool, difficulty=difficulty)
            case ev.TeamResolved(results=results):
                return "\n".join(f"{who(r['character'])}: {roll_line(r, ctx)}" for r in results)
            case ev.RollResolved(character=character):
                return f"{who(character)}: {roll_line(d, ctx)}"
            case ev.ContestResolved():
                return contest_line(d, who, ctx)
        return ""  # teamwork's and initiative's requests: each member's roll is told when resolved

    def own(self, view: Any) -> Mapping[str, Any] | None:
        """The seat's own character sheet (the one full sheet its view holds)."""
        if not isinstance(view, Mapping):
            return None
        return next((s for s in view.get("sheets", ()) if s.get("player", True) and "attributes" in s), None)

    def is_out(self, view: Any, seat: PlayerId | None) -> bool:
        """The seat's character is incapacitated: it acts no more in this story."""
        own = self.own(view)
        cond: Mapping[str, Any] = (next((c for c in view.get("characters") or () if c["id"] == own["id"]), {})
                                   if own else {})
        return bool(cond.get("incapacitated"))

    def out_notice(self, view: Any, ctx: Context) -> str:
        return message(ctx.language, "out.storyteller", name=self.identity(view, ctx))

    def identity(self, view: Any, ctx: Context) -> str:
        """The seat's own character (the one full sheet its view holds)."""
        own = self.own(view)
        if own is None:
            return super().identity(view, ctx)
        return display_name(ctx.language, str(own["id"])) or str(own["name"])

    def panel(self, view: Any, ctx: Context) -> list[Section]:
        if not isinstance(view, Mapping) or not player_ids(view):
            return super().panel(view, ctx)
        voice = voice_of_view(view, ctx.language)
        sections = [self._scene(view, voice.scenario, voice, ctx)]
        players = [sheet for sheet in view["sheets"] if sheet.get("player", True)]
        sections += [self._sheet(sheet, view, ctx) for sheet in players if "attributes" in sheet]
        known = [sheet for sheet in players if "attributes" not in sheet]  # another seat's: as the table knows it
        if known:
            sections.append(self._others(known, view, ctx))
        if view.get("last") and view["last"].get("what") == "roll":
            sections.append(self._last_roll(view["last"], view, ctx))
        return sections

    def _scene(self, view: Mapping[str, Any], story: Scenario, voice: TemplateStoryteller, ctx: Context) -> Section:
        if view.get("ending"):
            ending = story.endings.get(str(view["ending"]))
            if ending is None:
                return Section(self.w(ctx, "ending"), items=[str(view["ending"])])
            epilogue = [ending.epilogue.get(ctx.language)] if ending.epilogue else []
            return Section(self.w(ctx, "ending"), items=[ending.text.get(ctx.language), *epilogue])
        rows = []
        if view.get("scene"):
            rows = [(self.w(ctx, "scene"), f"{view['scene_count']}"),  # the scene's id is data, not words
                    (self.w(ctx, "turn"), str(view["turn"]))]
        text = voice.frame_scene(view)
        return Section(story.title.get(ctx.language), rows=rows, items=[text] if text else [])

    def _sheet(self, sheet: Mapping[str, Any], view: Mapping[str, Any], ctx: Context) -> Section:
        attrs = sheet.get("attributes", {})
        rows = [(self.w(ctx, group), ", ".join(f"{self.trait(a, ctx)} {attrs.get(a, 0)}" for a in names))
                for group, names in GROUPS]
        abilities = [f"{self.trait(a, ctx)} {r}" for a, r in sorted(sheet.get("abilities", {}).items()) if r]
        rows.append((self.w(ctx, "abilities"), ", ".join(abilities) or self.w(ctx, "none")))
        cond: Mapping[str, Any] = next((c for c in view["characters"] if c["id"] == sheet["id"]), {})
        rows.append((self.w(ctx, "willpower"), f"{cond.get('willpower', sheet['willpower'])} / {sheet['willpower']}"))
        if sheet.get("rage"):
            rows.append((self.w(ctx, "rage"), f"{cond.get('rage', sheet['rage'])} / {sheet['rage']}"))
        if sheet.get("gnosis"):
            rows.append((self.w(ctx, "gnosis"), str(sheet["gnosis"])))
        if sheet.get("blood_pool"):
            rows.append((self.w(ctx, "blood"), str(sheet["blood_pool"])))
        damage = len(cond.get("damage", ()))
        health = health_name(ctx.language, str(cond.get("health", "unhurt")),
                             character_gender(ctx.language, str(sheet["id"]), view))
        rows.append((self.w(ctx, "health"), health + (f" ({damage})" if damage else "")))
        return Section(display_name(ctx.language, str(sheet["id"])) or str(sheet["name"]), rows=rows)

    def _others(self, known: Sequence[Mapping[str, Any]], view: Mapping[str, Any], ctx: Context) -> Section:
        rows = []
        for sheet in known:
            cond: Mapping[str, Any] = next((c for c in view["characters"] if c["id"] == sheet["id"]), {})
            name = display_name(ctx.language, str(sheet["id"])) or str(sheet["name"])
            health = health_name(ctx.language, str(cond.get("health", "unhurt")),
                                 character_gender(ctx.language, str(sheet["id"]), view))
            concept = concept_of(ctx.language, sheet)
            rows.append((message(ctx.language, "troupe.known", name=name, concept=concept) if concept else name,
                         health))
        return Section(message(ctx.language, "troupe.others"), rows=rows)

    def _last_roll(self, last: Mapping[str, Any], view: Mapping[str, Any], ctx: Context) -> Section:
        names = {str(s["id"]): display_name(ctx.language, str(s["id"])) or str(s["name"]) for s in view.get("sheets", ())}
        traits = " + ".join(self.trait(t, ctx) for t in last.get("traits", ()))
        rows = [(self.w(ctx, "who"), f"{names.get(str(last['character']), last['character'])}: {traits}")]
        if last.get("automatic") or not last.get("dice"):
            rows.append((self.w(ctx, "dice"), self.w(ctx, "auto") + (self.w(ctx, "with_wp")
                                                                      if last.get("willpower") else "")))
        else:
            rows += [(self.w(ctx, "dice"), dice_faces(last)), (self.w(ctx, "difficulty"), str(last["difficulty"])),
                     (self.w(ctx, "successes"), str(last["raw"] + last.get("extra", 0))),
                     (self.w(ctx, "cancelled"), str(last["ones"] if not last.get("willpower") else 0)),
                     (self.w(ctx, "net"), str(last["net"]))]
        rows.append((self.w(ctx, "result"), verdict(last, ctx.language)))
        if last.get("action") == "extended" and last.get("target"):
            rows.append((self.w(ctx, "progress"), f"{last.get('total')}/{last.get('target')}"))
        return Section(self.w(ctx, "last"), rows=rows)


TEXTS = {"dark-ages": StorytellerText("dark-ages"), "wild-west": StorytellerText("wild-west")}
DARK_AGES_TEXT = TEXTS["dark-ages"]
WILD_WEST_TEXT = TEXTS["wild-west"]
