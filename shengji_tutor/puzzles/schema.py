"""The schema of the puzzle bank's YAML files (pydantic), and the parsing of their small notations.

One YAML file per topic::

    topic: pairs
    lesson: 4
    title: Pairs
    puzzles:
      - id: pairs-two-singles
        kind: legal
        difficulty: 1
        trump: 7C
        leader: East
        trick: ["8D 8D"]
        hand: JD QD 3S 4S
        play: JD QD
        prompt: East leads 8♦ 8♦ and you hold no pair of diamonds. You play J♦ Q♦. Is that legal?
        hint: Without a pair in the suit you follow with any two diamonds.
        expect: yes
        misconceptions:
          - answer: no
            says: Two singles are a legal answer to a pair when you hold no pair; they just cannot win.

Answers (``expect``, misconception answers) are written as a learner gives them:
card tokens ("8H 8H"), a seat name, a number, or yes/no.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, Literal, Self, get_args

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from ..engine.cards import RANKS, normal_rank
from ..engine.scoring import Side
from ..engine.seats import SEATS, seat_index, seat_names
from ..i18n import DEFAULT, t, use

__all__ = [
    "KINDS",
    "SEATS",
    "SPEC_TYPES",
    "THEMES",
    "BeatsSpec",
    "BestSpec",
    "BurySpec",
    "CardGroupSpec",
    "CombinationSpec",
    "HandSpec",
    "LevelSpec",
    "Misconception",
    "OverturnSpec",
    "PileSpec",
    "RedealSpec",
    "SortSpec",
    "SpecBase",
    "ThrowSpec",
    "TopicFile",
    "TractorSpec",
    "TrickSpec",
    "read_spec",
    "spoken",
]

Seat = Annotated[str, AfterValidator(lambda name: SEATS[seat_index(name)])]
"""A seat name as written in the YAML (any case); stored in its canonical spelling."""
KINDS = (
    "play",
    "winner",
    "points",
    "legal",
    "throw",
    "order",
    "dealer",
    "declare",
    "best",
    "tractor",
    "level",
    "sort",
    "bury",
    "combination",
    "beats",
    "pile",
    "hook",
    "overturn",
    "redeal",
    "friends",
)
Theme = Literal[
    "counting-points",
    "counting-trumps",
    "leading-trumps",
    "giving-points",
    "protecting-points",
    "keeping-pairs",
    "last-trick",
]
"""The ideas of lesson 11 (策略 cèlüè) a "best" puzzle teaches, one each."""
THEMES: tuple[str, ...] = get_args(Theme)
AnswerText = str | int | bool


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Misconception(_Strict):
    """A wrong answer beginners really give, and what to tell them (it names the misconception)."""

    answer: AnswerText
    says: str = Field(min_length=10)


SPEC_TYPES: dict[str, type[SpecBase]] = {}
"""Every kind's spec class by its ``kind``: a spec class declaring ``kind: Literal["<kind>"]`` registers itself
(in this module, or in the kind's own file in ``kinds/``)."""


TRANSLATED = ("zh", "ru")
"""The languages a puzzle's words are given in beside the English (``Words``): 简体中文 and Русский."""


class Words(_Strict):
    """A puzzle's words in another language (its ``zh:`` or ``ru:`` block), beside the one position and answer:
    the prompt, the hint and the teaching text as the English has them, and what each misconception says, in the
    English's order (``says``)."""

    prompt: str = Field(min_length=2)
    hint: str = ""
    explain: str = ""
    says: tuple[str, ...] = ()


def spoken(words: Callable[..., Mapping[str, str]], *args: Any) -> dict[str, Any]:
    """The words of a puzzle made on the spot (``words(*args)`` gives its prompt, hint and explain, written with
    ``t``) in every language of the course: in English as the spec's own fields, in each of ``TRANSLATED`` as its
    block (``zh:``, ``ru:``), so that it reads in the learner's language whenever it is shown."""
    with use(DEFAULT):
        out: dict[str, Any] = dict(words(*args))
    for code in TRANSLATED:
        with use(code):
            out[code] = dict(words(*args))
    return out


class SpecBase(_Strict):
    """What every puzzle spec holds; a kind's spec adds ``kind: Literal["<kind>"]`` and its own fields."""

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        field = cls.model_fields.get("kind")
        kinds = get_args(field.annotation) if field is not None else ()
        if len(kinds) == 1 and isinstance(kinds[0], str):
            taken = SPEC_TYPES.get(kinds[0])
            if taken is not None and taken.__qualname__ != cls.__qualname__:
                raise TypeError(f"the kind {kinds[0]!r} is already {taken.__name__}'s; a kind has one spec")
            SPEC_TYPES[kinds[0]] = cls

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=60)
    difficulty: int = Field(1, ge=1, le=3)
    prompt: str = Field(min_length=10)
    hint: str = ""
    trump: str = "7C"
    """Rank and suit ("7C", "10♥") or rank and NT for no-trump ("7NT")."""
    explain: str = ""
    """Teaching text added after the engine's explanation."""
    expect: AnswerText | None = None
    misconceptions: tuple[Misconception, ...] = ()
    rules: dict[str, Any] = Field(default_factory=dict)
    """RuleSet fields for a variant (decks=3, follow="protect-longer", …)."""
    zh: Words | None = None
    """The words in 简体中文 (``Words``)."""
    ru: Words | None = None
    """The words in Русский (``Words``)."""

    @model_validator(mode="after")
    def _words_match(self) -> Self:
        for code in TRANSLATED:
            words: Words | None = getattr(self, code)
            if words is None:
                continue
            for name in ("hint", "explain"):
                if bool(getattr(words, name).strip()) != bool(getattr(self, name).strip()):
                    raise ValueError(
                        t("the English has {field}, and the {code} words must match it", field=name, code=code)
                        if getattr(self, name).strip()
                        else t("the English has no {field}, and the {code} words must match it", field=name, code=code)
                    )
            if len(words.says) != len(self.misconceptions):
                raise ValueError(
                    t(
                        "the {code} words say {count} misconceptions, the English {english}: one each, in the same order",
                        code=code,
                        count=len(words.says),
                        english=len(self.misconceptions),
                    )
                )
        return self

    def words(self, code: str) -> Words:
        """The puzzle's words in the language ``code`` ("en", "zh", "ru"); a language not given falls back to the
        English (``check-exercises`` fails a puzzle without its translations, so the bank has none such)."""
        given: Words | None = getattr(self, code, None) if code in TRANSLATED else None
        if given is not None:
            return given
        return Words(
            prompt=self.prompt, hint=self.hint, explain=self.explain, says=tuple(m.says for m in self.misconceptions)
        )

    @field_validator("trump")
    @classmethod
    def _trump(cls, value: str) -> str:
        parse_trump(value)
        return value


class TrickSpec(SpecBase):
    """A puzzle about a trick: its plays so far (``trick``), led by ``leader``."""

    trick: tuple[str, ...] = ()
    leader: Seat = "East"


class HandSpec(SpecBase):
    """A puzzle about the learner's ``hand``."""

    hand: str


class PlaySpec(TrickSpec, HandSpec):
    """What do you play? The learner is the next seat after the trick so far."""

    kind: Literal["play"]
    trick: tuple[str, ...] = Field(min_length=1, max_length=3)
    goal: Literal["legal", "win", "cheapest-win", "most-points", "fewest-points"] = "legal"
    unique: bool = False
    """The author claims exactly one play is correct (checked)."""


class WinnerSpec(TrickSpec):
    kind: Literal["winner"]
    trick: tuple[str, ...] = Field(min_length=2, max_length=4)


class PointsSpec(TrickSpec):
    """How many points? ``count``: the cards shown, a kitty bonus, or the points still out."""

    kind: Literal["points"]
    count: Literal["cards", "kitty", "remaining", "attackers"] = "cards"
    cards: str = ""
    kitty: str = ""
    winning_play: str = ""
    taken: tuple[str, ...] = ()
    """For "remaining": the tricks' cards already played; for "attackers": the attackers' tricks."""


class LegalSpec(TrickSpec, HandSpec):
    kind: Literal["legal"]
    trick: tuple[str, ...] = Field(min_length=1, max_length=3)
    play: str


class ThrowSpec(SpecBase):
    """Is this throw (甩牌 shuǎipái) safe (``ask: safe``), or what must be played when it fails (``ask: forced``)?

    Either the other hands are known (``others``, in play order after the leader), or they are hidden, as in
    a real game: then the learner reasons from ``played`` (the cards played in earlier tricks), ``held`` (the
    rest of their hand, and the kitty if they buried it) and ``unseen`` (how many cards they have not seen),
    and the throw is safe only when no unseen card could beat any of its units (``ask: safe`` only: with the
    hands hidden nobody can say who blocks)::

        lead: KH QH QH
        played: AH AH KH 3H 4H
        held: 9S 9S 2D
        unseen: 41
    """

    kind: Literal["throw"]
    lead: str
    others: tuple[str, ...] = Field((), max_length=3)
    played: str = ""
    held: str = ""
    unseen: int | None = Field(None, ge=0, le=3 * 54)
    ask: Literal["safe", "forced"] = "safe"
    leader: Seat = "South"

    @model_validator(mode="after")
    def _known_or_hidden(self) -> Self:
        if self.unseen is None:
            if not self.others:
                raise ValueError(
                    t(
                        "a throw puzzle shows the other hands (others) or hides them (unseen: how many cards the "
                        "learner has not seen)"
                    )
                )
            if self.played or self.held:
                raise ValueError(t("played and held are what a learner sees when the hands are hidden: give unseen"))
        elif self.others:
            raise ValueError(t("the other hands are either shown (others) or hidden (unseen), not both"))
        elif self.ask == "forced":
            raise ValueError(t("with the other hands hidden, ask: forced has no answer (nobody knows who blocks)"))
        return self


class OrderSpec(SpecBase):
    """Sort these cards, highest first (one effective suit)."""

    kind: Literal["order"]
    cards: str


class DealerSpec(SpecBase):
    """Who deals next, given the dealer and the attackers' points?"""

    kind: Literal["dealer"]
    dealer: Seat
    attacker_points: int = Field(ge=-100, le=600)


class DeclareSpec(HandSpec):
    """Can you override the declaration on the table with the cards in your hand?"""

    kind: Literal["declare"]
    rank: str
    declared: str = ""
    """The cards declared so far ('' when nobody has declared)."""
    by_you: bool = False
    """Whether the declaration on the table is your own (you may only reinforce it)."""


class CardGroupSpec(SpecBase):
    """A puzzle about one group of ``cards`` shown on their own."""

    cards: str


class TractorSpec(CardGroupSpec):
    """Is this a tractor (拖拉机 tuōlājī)? ``cards``: the cards in question (RULES §4)."""

    kind: Literal["tractor"]


class LevelSpec(SpecBase):
    """How many levels does ``side`` go up after the round? (RULES §9)

    ``attacker_points``: what the attackers won in tricks (after throw penalties). When they also won the last
    trick, ``kitty`` is the kitty and ``last_trick`` their winning play, whose largest unit multiplies it.
    The answer is 0 when the other side goes up (or the attackers only take over).
    """

    kind: Literal["level"]
    attacker_points: int = Field(ge=-600, le=600)
    side: Side
    kitty: str = ""
    last_trick: str = ""
    level: str = ""
    """The asked side's level (a rank) before the round: with ``rules: {mandatory_levels: [...]}`` a rise stops
    on a mandatory level the side has not played as declarers (RULES §11). The declarers' level is the trump rank."""

    @model_validator(mode="after")
    def _kitty_with_last_trick(self) -> Self:
        if bool(self.kitty) != bool(self.last_trick):
            raise ValueError(t("kitty and last_trick go together: the attackers' winning play multiplies the kitty"))
        if self.level:
            rank = normal_rank(self.level)
            if rank is None:
                raise ValueError(t("level is a rank (2-10, J, Q, K, A), not {level}", level=repr(self.level)))
            trump_rank = normal_rank(parse_trump(self.trump)[0])
            if self.side == Side.DECLARERS and rank != trump_rank:
                raise ValueError(
                    t(
                        "the declarers play their own level, so their level {rank} must be the trump rank {trump_rank}",
                        rank=rank,
                        trump_rank=trump_rank,
                    )
                )
        elif self.rules.get("mandatory_levels"):
            raise ValueError(t("with mandatory levels the answer depends on where the side stands: give its level"))
        return self

    @property
    def level_index(self) -> int | None:
        """The side's level as an index into 2 … A, or None when not given."""
        rank = normal_rank(self.level) if self.level else None
        return None if rank is None else RANKS.index(rank)


class SortSpec(CardGroupSpec):
    """Sort a mixed hand: pick every trump (``pick: trump``) or every card of one plain suit (``pick: H``…)
    (RULES §3). The cards are shown in their printed suits, without trump marks: telling them apart is the puzzle."""

    kind: Literal["sort"]
    pick: Literal["trump", "S", "H", "D", "C"] = "trump"


class BurySpec(HandSpec):
    """Which cards would you bury in the kitty (底牌 dǐpái)? ``hand``: the dealer's hand with the kitty picked up.

    A burial is graded by the rule (as many cards as the kitty held, from the hand: RULES §10) and by what it
    gives away: a good burial keeps as many trumps as the hand allows and then risks the fewest points the
    hand allows (the attackers score them multiplied if they win the last trick, RULES §9); with ``void``
    it also empties a plain suit, so the dealer can ruff that suit's leads. Every burial that does is right.
    """

    kind: Literal["bury"]
    void: bool = False


class BestSpec(SpecBase):
    """What do you play? A position in a real round at South's decision, graded by the search (lesson 11).

    The round is written as it happened, and the engine plays it again::

        trump: 5H                      # the trump rank (the declarers' level) and suit
        dealer: North
        declared: North 5H             # who showed which cards to declare (default: the first holder of
                                       # a trump-rank card of the suit, from the dealer on)
        hands:                         # the four hands as dealt, 25 cards each with two decks
          North: AS AS KS ...
          West: ...
          South: ...
          East: ...
        kitty: 3C 4C ...               # the kitty as dealt (8 cards)
        bury: 3C 4D ...                # the dealer's burial, from their hand and the kitty
        tricks:                        # every finished trick, plays in order from its leader
          - "North: AS | KS | 3S | 4S"  # (the leader's name is optional; when given it is checked)
        trick: "West: QD | 5D"         # the trick so far ("" when South leads)
        accept: ["10D", "KD"]          # every play the search grades good (check-exercises recomputes it)

    Cards are tokens as elsewhere ("10H", "SJ"); a play's cards are separated
    by spaces, a trick's plays by ``|``.
    """

    kind: Literal["best"]
    theme: Theme
    dealer: Seat
    declared: str = ""
    hands: dict[Seat, str]
    kitty: str
    bury: str
    tricks: tuple[str, ...] = ()
    trick: str = ""
    accept: tuple[str, ...] = Field(min_length=1)


class CombinationSpec(CardGroupSpec):
    """Zheng Fen (挣分, RULES §12): is ``cards`` a legal combination? The zhengfen engine's ``classify`` decides."""

    kind: Literal["combination"]


class BeatsSpec(SpecBase):
    """Zheng Fen (RULES §12): may ``play`` be played on ``table``, the combination to beat? Both must be
    combinations; the zhengfen engine's ``Combination.beats`` decides."""

    kind: Literal["beats"]
    table: str
    play: str


class PileSpec(SpecBase):
    """Zheng Fen (RULES §12) at a table of ``players`` (3–6, four by default): who takes the pile (``ask: taker``,
    at four: the answer is a seat) or how many points (``ask: points``)? ``actions`` are the turns in play order
    from ``leader`` (North… at four, "Seat 1"… otherwise), each a combination's cards or ``pass``, down to the
    passes that end the pile (the engine's ``walk_pile`` checks that each play beats the table)."""

    kind: Literal["pile"]
    players: int = Field(4, ge=3, le=6)
    leader: str = "North"
    actions: tuple[str, ...] = Field(min_length=3)
    ask: Literal["taker", "points"] = "taker"

    @model_validator(mode="after")
    def _seats(self) -> Self:
        try:
            object.__setattr__(self, "leader", seat_names(self.players)[seat_index(self.leader, self.players)])
        except ValueError as e:
            raise ValueError(t("leader: {problem}", problem=e)) from None
        if self.ask == "taker" and self.players != 4:
            raise ValueError(
                t(
                    "ask: taker is answered with a seat of a table of four; at {players} ask points",
                    players=self.players,
                )
            )
        return self


class HookSpec(SpecBase):
    """Hook and needle (勾 gōu / 针 zhēn, RULES §11): at trump rank J (or A), ``last_trick_by`` won the last trick
    with ``last_trick``; do the declarers go back to 2 (or J)? ``engine.scoring.hooked_back_to`` decides."""

    kind: Literal["hook"]
    last_trick_by: Literal["attackers", "declarers"]
    last_trick: str


class OverturnSpec(HandSpec):
    """Chao dipi (炒地皮 chǎo dìpí, RULES §11): ``declared`` is the declaration standing after the kitty exchange (it
    fixed the puzzle's trump). ``ask: can``: can you overturn it with ``show`` (or, when ``show`` is empty, with any
    pair of your hand)? ``ask: pick``: pick a pair of your hand that overturns it. ``engine.declaring`` decides."""

    kind: Literal["overturn"]
    declared: str
    ask: Literal["can", "pick"] = "can"
    show: str = ""

    @model_validator(mode="after")
    def _show_with_can(self) -> Self:
        if self.show and self.ask != "can":
            raise ValueError(t("show is the cards of a 'can you overturn with these?' question: it goes with ask: can"))
        return self


class RedealSpec(HandSpec):
    """Redeal on a hopeless hand (RULES §11, ``rules: {redeal: no-trump | no-points}``): may you show ``hand`` and
    force a redeal? ``engine.declaring.hopeless_hand`` decides, under the puzzle's trump."""

    kind: Literal["redeal"]


class FriendCall(_Strict):
    """One call of Finding Friends: ``ordinal`` 2 and ``card`` AH is "the second A♥ played"."""

    card: str
    ordinal: int = Field(1, ge=1, le=3)


class FriendsSpec(SpecBase):
    """Finding Friends (找朋友 zhǎo péngyou, RULES §11): is ``ask`` on the dealer's team now?

    ``rules`` give the players (5 or more) and the decks; seats are "Seat 1" … "Seat N" in play order. ``dealer``
    made the ``calls``; ``plays`` are the plays of called cards so far, in order, each "Seat 3: AH"; ``holds`` what
    the prompt says some players hold (seat name: cards). ``play.round.friends_revealed`` decides, as in a round::

        rules: {players: 5}
        dealer: Seat 1
        calls: [{card: AH, ordinal: 2}]
        plays: ["Seat 3: AH", "Seat 4: AH"]
        ask: Seat 4
    """

    kind: Literal["friends"]
    dealer: str
    calls: tuple[FriendCall, ...] = Field(min_length=1, max_length=3)
    plays: tuple[str, ...] = ()
    holds: dict[str, str] = Field(default_factory=dict)
    ask: str


def read_spec(data: Any) -> SpecBase:
    """A puzzle's spec from its YAML data, as the spec class its ``kind`` names (``ValueError`` otherwise)."""
    if isinstance(data, SpecBase):
        return data
    kind = data.get("kind") if isinstance(data, dict) else None
    spec_type = SPEC_TYPES.get(kind) if isinstance(kind, str) else None
    if spec_type is None:
        known = ", ".join(sorted(SPEC_TYPES))
        raise ValueError(t("a puzzle's kind is one of {known}, not {kind}", known=known, kind=repr(kind)))
    return spec_type.model_validate(data)


class TopicFile(_Strict):
    """One file of the bank: a topic, the lesson it belongs to, its puzzles."""

    topic: str = Field(pattern=r"^[a-z0-9-]+$")
    lesson: int = Field(ge=1, le=13)
    title: str
    puzzles: tuple[SpecBase, ...] = Field(min_length=1)

    @field_validator("puzzles", mode="before")
    @classmethod
    def _puzzles(cls, value: Any) -> Any:
        """Each puzzle read as its kind's spec (``read_spec``); the errors keep the puzzle's place in the file."""
        if not isinstance(value, list | tuple):
            return value
        return tuple(read_spec(item) for item in value)


def parse_trump(text: str) -> tuple[str, str | None]:
    """ "7C" → ("7", "C"); "10♥" → ("10", "H"); "7NT" → ("7", None)."""
    t = text.strip().upper().replace(" ", "")
    if t.endswith("NT"):
        return t[:-2], None
    return t[:-1], t[-1]
