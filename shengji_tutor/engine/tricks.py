"""Who wins a trick, and is a throw (甩牌 shuǎipái) safe? (RULES §7, §8)

``trick_winner`` gives the index of the winning play; ``explain_trick`` gives the
same answer with a note per play (why it could or could not win, which unit was
compared with which) and a sentence for the learner. Both run the same code.

A play can win only if it is all in the led suit or all trump, and can be split
into units matching every led unit. Trumps beat the led suit; within one class the
higher unit wins and the earliest of equal plays keeps the trick. For a throw, the
default compares only the largest led component against the follower's best
matching unit (``throw_evaluation="highest"``); the variant ``"all"`` asks every
unit to beat.

>>> from shengji_tutor import Trump, explain_trick, trick_winner
>>> t = Trump("7", "C")
>>> trick_winner(["KD QD", "5C 5C", "10C 3C"], t)
2
>>> print(explain_trick(["KD QD", "5C 5C", "10C 3C"], t, names=["West", "South", "East"]).reason)
West leads a throw of diamonds: 2 singles (K♦ Q♦). South plays 5♣ 5♣ and ruffs: trumps beat diamonds; the highest single 5♣ now leads (RULES §7). East's highest single 10♣ is higher than South's 5♣ (RULES §7: a throw is decided by its largest component, here the single). East wins the trick (30 points).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from operator import itemgetter
from typing import cast

from ..i18n import N_, t, tn
from .cards import Card, CardsLike, card_ids, cards_of, check_id_copies, format_cards, known_ids, sentence_case
from .closed import Closed
from .errors import PlayError
from .explain import Judgement
from .rules import RuleSet, rules_or_default
from .seats import said_name
from .trump import TRUMP, Trump, check_trump
from .units import (
    THE_LEAD,
    Format,
    RawUnit,
    Unit,
    UnitKind,
    count_ids,
    decompose,
    lead_suit,
    make_format,
    make_unit,
    placements,
    raw_unit,
    shape_noun,
    shape_words,
    suit_words,
    units_words,
)

__all__ = ["PlayNote", "PlayStatus", "ThrowCheck", "TrickResult", "check_throw", "explain_trick", "trick_winner"]


class PlayStatus(Closed):
    """What happened to one play of a trick (``PlayNote.status``)."""

    LEAD = "lead"
    OFF_SUIT = "off-suit"
    """Neither all in the led suit nor all trumps."""
    WRONG_FORMAT = "wrong-format"
    """Cannot be split like the lead."""
    BEATS = "beats"
    """Took the lead of the trick."""
    LOSES = "loses"


Split = list[RawUnit]


@dataclass(frozen=True)
class PlayNote:
    """What happened to one play of a trick.

    ``status`` is a ``PlayStatus``. ``unit`` is the play's unit that was compared
    (its best matching unit of the lead's largest component), ``against`` the index
    of the play it was compared with.
    """

    index: int
    cards: tuple[Card, ...]
    status: PlayStatus
    unit: Unit | None
    against: int | None
    sentence: str


@dataclass(frozen=True)
class TrickResult:
    """The winner of a trick with the reasons: ``.winner``, ``.notes``, ``.reason``."""

    winner: int
    format: Format
    points: int
    notes: tuple[PlayNote, ...]
    reason: str
    trump: Trump | None = None

    def why_not(self, index: int, name: str) -> str:
        """Why play ``index`` (``name``'s, as ``explain_trick`` was given it) does not win the trick, naming the
        rule and not the winner: what a learner who named that player as the winner is told (RULES §7)."""
        note = self.notes[index]
        if note.status in (PlayStatus.OFF_SUIT, PlayStatus.WRONG_FORMAT):
            return note.sentence
        seat, shown = said_name(name), format_cards(note.cards)
        if note.status is PlayStatus.LEAD:
            return t("{seat} led {cards}, but a later play beat it (RULES §7).", seat=seat, cards=shown)
        if note.status is PlayStatus.BEATS:
            return t(
                "{seat}'s {cards} beat the play that was winning before it, but a later play beat it in turn "
                "(RULES §7).",
                seat=seat,
                cards=shown,
            )
        return t(
            "{seat}'s {cards} does not beat the play that was winning when it came (RULES §7).", seat=seat, cards=shown
        )

    def _repr_html_(self) -> str:
        from html import escape

        from ..ui.render import trick_svg  # lazy: the rules never import rendering

        plays = [n.cards for n in self.notes]
        names = [t("Player {number}", number=i + 1) for i in range(max(4, len(plays)))]
        table = trick_svg(plays, 0, self.trump, winner=self.winner, points=self.points, names=names)
        return f'<div class="sjt-trick">{table}<p>{escape(self.reason)}</p></div>'


ThrowExplanation = tuple[str, tuple[Card, ...], tuple[Unit, ...]]
"""(reason, beaten_by, failing), built on first use."""


class ThrowCheck(Judgement[ThrowExplanation]):
    """The verdict on a throw (RULES §8). Truthy iff the throw stands. Read-only.

    ``ok``; ``forced``, the cards the leader must play (the lead itself when ok);
    ``blocker``, the index into ``others`` of the first player (in play order) who
    can beat the forced unit, else ``None``. Built on first access: ``reason``,
    a sentence for the learner; ``beaten_by``, the blocker's cards that beat the
    forced unit; ``failing``, every led unit that some other player can beat.
    """

    __slots__ = ("_blocker", "_forced", "_ok")

    def __init__(
        self, ok: bool, forced: tuple[Card, ...], blocker: int | None, explain: Callable[[], ThrowExplanation]
    ) -> None:
        self._explain = explain  # the base's fields set here directly: a check is made on every call
        self._explained = None
        self._ok = ok
        self._forced = forced
        self._blocker = blocker

    @property
    def ok(self) -> bool:
        return self._ok

    @property
    def forced(self) -> tuple[Card, ...]:
        return self._forced

    @property
    def blocker(self) -> int | None:
        return self._blocker

    @property
    def beaten_by(self) -> tuple[Card, ...]:
        return self._get()[1]

    @property
    def failing(self) -> tuple[Unit, ...]:
        return self._get()[2]

    def __bool__(self) -> bool:
        return self._ok

    def __repr__(self) -> str:
        return f"ThrowCheck(ok={self._ok}, forced={self._forced!r}, blocker={self._blocker!r}, reason={self.reason!r})"


# -- input handling -----------------------------------------------------------------

THE_PLAYS, THROW_AND_HANDS = N_("the plays"), N_("the throw and the other hands")
"""The cards an error message names (``check_id_copies``'s ``what``)."""


def _prepare(plays: Sequence[CardsLike], rules: RuleSet) -> list[list[int]]:
    """The plays as id lists, checked: 1..players plays, all as long as the lead, no impossible copies."""
    if isinstance(plays, str) or not isinstance(plays, Sequence):
        raise PlayError(f"plays must be a list with one card list per player, lead first, not {plays!r}")
    ids: list[list[int]] = []
    for i, p in enumerate(plays):
        found = known_ids(p)  # lists of cards: no names needed for error messages
        ids.append(
            found if found is not None else card_ids(p, THE_LEAD if i == 0 else t("play {number}", number=i + 1))
        )
    if not ids:
        raise PlayError(t("a trick needs at least the lead"))
    if len(ids) > rules.players:
        raise PlayError(
            t("a trick has at most {n} plays (one per player), got {count}", n=rules.players, count=len(ids))
        )
    n = len(ids[0])
    for i, other in enumerate(ids[1:], 2):
        if len(other) != n:
            raise PlayError(
                t(
                    "play {number} has {count} cards but the lead has {n}: every play has as many cards as the lead",
                    number=i,
                    count=len(other),
                    n=n,
                )
            )
    flat = [i for p in ids for i in p]
    if len(set(flat)) < len(flat):  # only repeated cards can be impossible
        check_id_copies(ids, rules.decks, THE_PLAYS)
    return ids


# -- the core -------------------------------------------------------------------------


def _splits(counts: dict[int, int], key: Sequence[int], shapes: Sequence[tuple[int, int]]) -> Iterator[Split]:
    """Every way to split counted cards into units of the given shapes; the rest are singles."""
    if not shapes:
        yield [RawUnit(1, 1, key[cid], (cid,)) for cid, c in counts.items() for _ in range(c)]
        return
    length, width = shapes[0]
    for unit, chosen in list(placements(counts, key, length, width)):
        for cid in chosen:
            counts[cid] -= width
        for rest in _splits(counts, key, shapes[1:]):
            yield [unit, *rest]
        for cid in chosen:
            counts[cid] += width


def _by_shape(split: Split) -> dict[tuple[int, int], list[int]]:
    out: dict[tuple[int, int], list[int]] = {}
    for length, width, top, _ in split:
        out.setdefault((length, width), []).append(top)
    for tops in out.values():
        tops.sort(reverse=True)
    return out


def _best_of(split: Split, shape: tuple[int, int]) -> RawUnit:
    return max((u for u in split if (u[0], u[1]) == shape), key=lambda u: u[2])


def _strength(split: Split) -> list[list[int]]:
    """A split's units as comparable data: per shape (largest first), the tops high to low."""
    grouped = _by_shape(split)
    return [grouped[shape] for shape in sorted(grouped, reverse=True)]


def _all_higher(challenger: Split, holder: Split) -> bool:
    mine, theirs = _by_shape(challenger), _by_shape(holder)
    return all(a > b for shape, tops in theirs.items() for a, b in zip(mine[shape], tops, strict=False))


def _top_rank(largest: tuple[int, int], split: Split) -> int:
    """How a split answers a throw by default: by its highest unit of the lead's largest shape (RULES §7)."""
    return _best_of(split, largest)[2]


def _all_rank(cls: int, wcls: int, wsplit: Split, split: Split) -> tuple[bool, list[list[int]]]:
    """How a split answers a throw under the variant "all": the strongest, preferring one that beats the holder: if
    this play takes the trick, later plays must beat it at its best (RULES §7)."""
    return cls > wcls or (cls == wcls and _all_higher(split, wsplit)), _strength(split)


Record = tuple[PlayStatus, int | None, RawUnit | None, int | None]
"""(status, class, compared unit, index compared against)."""


def _resolve(
    plays: list[list[int]], suit: Sequence[int], key: Sequence[int], rules: RuleSet, detail: bool
) -> tuple[int, list[RawUnit] | None, list[Record]]:
    """Return (winner, lead units, records); records only when ``detail``."""
    lead = plays[0]
    if lead.count(lead[0]) == len(lead):
        return _resolve_tuple(plays, suit, key, detail)
    s = suit[lead[0]]
    lead_cls = 1 if s == TRUMP else 0
    records: list[Record] = []
    units = decompose(lead, key)
    largest = (units[0][0], units[0][1])
    throw = len(units) > 1
    shapes = [(u[0], u[1]) for u in units if u[1] > 1]
    by_all = throw and rules.throw_evaluation == "all"
    winner, wcls, wunit, wsplit = 0, lead_cls, units[0], units
    if detail:
        records.append((PlayStatus.LEAD, lead_cls, units[0], None))
    for i in range(1, len(plays)):
        p = plays[i]
        first = suit[p[0]]
        if any(suit[c] != first for c in p) or (first != s and first != TRUMP):
            if detail:
                records.append((PlayStatus.OFF_SUIT, None, None, None))
            continue
        cls = 1 if first == TRUMP else 0
        if throw:  # the play's best split into the lead's shapes, and its unit of the largest shape
            rank = partial(_all_rank, cls, wcls, wsplit) if by_all else partial(_top_rank, largest)
            best_split = max(_splits(count_ids(p), key, shapes), key=rank, default=None)
            best = None if best_split is None else _best_of(best_split, largest)
        else:
            mine = decompose(p, key)
            best_split = None
            best = mine[0] if len(mine) == 1 and (mine[0][0], mine[0][1]) == largest else None
        if best is None:
            if detail:
                records.append((PlayStatus.WRONG_FORMAT, cls, None, None))
            continue
        if by_all:
            assert best_split is not None
            wins = cls > wcls or (cls == wcls and _all_higher(best_split, wsplit))
        else:
            wins = cls > wcls or (cls == wcls and best[2] > wunit[2])
        if detail:
            records.append((PlayStatus.BEATS if wins else PlayStatus.LOSES, cls, best, winner))
        if wins:
            winner, wcls, wunit = i, cls, best
            wsplit = best_split if best_split is not None else [best]
    return winner, units, records


def _resolve_tuple(
    plays: list[list[int]], suit: Sequence[int], key: Sequence[int], detail: bool
) -> tuple[int, list[RawUnit], list[Record]]:
    """``_resolve`` of a single, pair or triple lead: only as many identical cards of its suit, or trumps, compete."""
    lead = plays[0]
    s = suit[lead[0]]
    lead_cls = 1 if s == TRUMP else 0
    records: list[Record] = []
    n = len(lead)
    winner, wcls, wkey = 0, lead_cls, key[lead[0]]
    if detail:
        records.append((PlayStatus.LEAD, lead_cls, RawUnit(1, n, wkey, tuple(lead)), None))
    for i in range(1, len(plays)):
        p = plays[i]
        c = p[0]
        cs = suit[c]
        cls = 1 if cs == TRUMP else (0 if cs == s else -1)
        if cls < 0 or any(suit[x] != cs for x in p):
            if detail:
                records.append((PlayStatus.OFF_SUIT, None, None, None))
            continue
        if p.count(c) != n:
            if detail:
                records.append((PlayStatus.WRONG_FORMAT, cls, None, None))
            continue
        k = key[c]
        wins = cls > wcls or (cls == wcls and k > wkey)
        if detail:
            records.append((PlayStatus.BEATS if wins else PlayStatus.LOSES, cls, RawUnit(1, n, k, tuple(p)), winner))
        if wins:
            winner, wcls, wkey = i, cls, k
    return winner, [RawUnit(1, n, key[lead[0]], tuple(lead))], records


# -- the contract ----------------------------------------------------------------------


def trick_winner(plays: Sequence[CardsLike], trump: Trump, rules: RuleSet | None = None) -> int:
    """The index of the winning play; ``plays[0]`` is the lead, ties go to the earliest.

    >>> from shengji_tutor import Trump, trick_winner
    >>> trick_winner(["8D 8D", "9D 9D", "5C 5C", "10C 10C"], Trump("7", "C"))
    3
    """
    rules = rules_or_default(rules)
    check_trump(trump)
    ids = _prepare(plays, rules)
    lead_suit(ids[0], trump.suit_table)
    return _resolve(ids, trump.suit_table, trump.key_table, rules, False)[0]


def winner_of(plays: list[list[int]], trump: Trump, rules: RuleSet) -> int:
    """``trick_winner`` on trusted id lists (for the engine's own callers)."""
    return _resolve(plays, trump.suit_table, trump.key_table, rules, False)[0]


def explain_trick(
    plays: Sequence[CardsLike],
    trump: Trump,
    rules: RuleSet | None = None,
    names: Sequence[str] | None = None,
) -> TrickResult:
    """``trick_winner`` with its reasons: a note per play and a paragraph for the learner.

    ``names`` label the plays in sentences (``["West", "South", "East", "North"]``);
    by default they are "Player 1" (the leader), "Player 2", ….
    """
    rules = rules_or_default(rules)
    check_trump(trump)
    ids = _prepare(plays, rules)
    cards = [cards_of(p) for p in ids]
    s = lead_suit(ids[0], trump.suit_table)
    winner, units, records = _resolve(ids, trump.suit_table, trump.key_table, rules, True)
    if names is None:
        names = [f"Player {i + 1}" for i in range(len(cards))]
    elif isinstance(names, str) or not isinstance(names, Sequence) or len(names) < len(cards):
        raise PlayError(f"{len(cards)} plays need a list of {len(cards)} names, got {names!r}")
    fmt = make_format(units or decompose(ids[0], trump.key_table), s, cards[0])
    throw = fmt.kind == UnitKind.THROW
    notes: list[PlayNote] = []
    led = suit_words(s)
    for i, (status, cls, raw, against) in enumerate(records):
        unit = None if raw is None else make_unit(raw, TRUMP if cls == 1 else s)
        name, shown = names[i], format_cards(cards[i])
        if status == PlayStatus.LEAD:
            sentence = _said(
                name,
                N_("You lead {lead} ({cards})."),
                N_("{player} leads {lead} ({cards})."),
                lead=fmt.describe(),
                cards=shown,
            )
        elif status == PlayStatus.OFF_SUIT:
            sentence = _off_suit(name, shown, s, led)
        elif status == PlayStatus.WRONG_FORMAT:
            sentence = _format_miss(name, shown, fmt)
        else:
            assert unit is not None
            assert against is not None
            sentence = _compare_sentence(
                name, shown, unit, status == PlayStatus.BEATS, names[against], notes[against], led, throw, rules
            )
        notes.append(PlayNote(i, tuple(cards[i]), status, unit, against, sentence))
    total = sum(c.points for p in cards for c in p)
    reason = " ".join([*(n.sentence for n in notes), _wins(names[winner], total)])
    return TrickResult(winner, fmt, total, tuple(notes), reason, trump)


def _wins(won: str, total: int) -> str:
    """The trick's last sentence: who wins it, and its points if it holds any."""
    if not total:
        return _said(won, N_("You win the trick."), N_("{player} wins the trick."))
    if _is_you(won):
        return tn("You win the trick ({n} point).", "You win the trick ({n} points).", total)
    return tn(
        "{player} wins the trick ({n} point).",
        "{player} wins the trick ({n} points).",
        total,
        player=said_name(won),
    )


def _is_you(name: str) -> bool:
    """Is this name the learner's ("you", "You")? Sentences about the learner are their own messages."""
    return name.lower() == "you"


def _said(name: str, you: str, other: str, /, **values: object) -> str:
    """The sentence ``other`` about the player ``name`` (its ``{player}``), or ``you`` when the player is the learner
    ("West plays …", "You play …"); both are marked with ``N_`` where they are written."""
    if _is_you(name):
        return t(you, **values)
    return t(other, player=said_name(name), **values)


def _said_to(name: str, holder: str, others: str, you: str, yours: str, /, **values: object) -> str:
    """The sentence about the player ``name`` and the player ``holder`` it is compared with: ``others`` (its
    ``{player}`` and ``{holder}``), ``you`` when the player is the learner, ``yours`` when the holder is."""
    if _is_you(name):
        return t(you, holder=said_name(holder), **values)
    if _is_you(holder):
        return t(yours, player=said_name(name), **values)
    return t(others, player=said_name(name), holder=said_name(holder), **values)


def _off_suit(name: str, shown: str, s: int, led: str) -> str:
    """A play neither all of the led suit nor all trumps (RULES §7)."""
    if s == TRUMP:
        return _said(
            name,
            N_("You play {cards}: not all trumps, so it cannot win (RULES §7)."),
            N_("{player} plays {cards}: not all trumps, so it cannot win (RULES §7)."),
            cards=shown,
        )
    return _said(
        name,
        N_("You play {cards}: not all {suit} and not all trumps, so it cannot win (RULES §7)."),
        N_("{player} plays {cards}: not all {suit} and not all trumps, so it cannot win (RULES §7)."),
        cards=shown,
        suit=led,
    )


def _format_miss(name: str, shown: str, fmt: Format) -> str:
    """A play that cannot be split like the lead (RULES §7)."""
    if fmt.kind == UnitKind.THROW:
        return _said(
            name,
            N_("You play {cards}: it cannot be split into the lead's units ({units}), so it cannot win (RULES §7)."),
            N_(
                "{player} plays {cards}: it cannot be split into the lead's units ({units}), so it cannot win (RULES §7)."
            ),
            cards=shown,
            units=units_words(fmt.units),
        )
    if fmt.kind == UnitKind.PAIR:
        return _said(
            name,
            N_(
                "You play {cards}: that is not a pair, so it cannot beat the lead. Two singles never beat a pair (RULES §7)."
            ),
            N_(
                "{player} plays {cards}: that is not a pair, so it cannot beat the lead. "
                "Two singles never beat a pair (RULES §7)."
            ),
            cards=shown,
        )
    u = fmt.units[0]
    return _said(
        name,
        N_("You play {cards}: that is not {shape}, so it cannot beat the lead (RULES §7)."),
        N_("{player} plays {cards}: that is not {shape}, so it cannot beat the lead (RULES §7)."),
        cards=shown,
        shape=shape_words(u.length, u.width),
    )


def _compare_sentence(
    name: str,
    shown: str,
    unit: Unit,
    beats: bool,
    holder: str,
    held: PlayNote,
    led: str,
    throw: bool,
    rules: RuleSet,
) -> str:
    held_unit = held.unit
    assert held_unit is not None
    ruffs = beats and unit.suit == "trump" and held_unit.suit != "trump"
    if throw and rules.throw_evaluation == "all":
        return _unit_by_unit(name, shown, beats, ruffs, holder, led)
    if ruffs:
        if throw:
            return _said(
                name,
                N_("You play {cards} and ruff: trumps beat {suit}; the {unit} {top} now leads (RULES §7)."),
                N_("{player} plays {cards} and ruffs: trumps beat {suit}; the {unit} {top} now leads (RULES §7)."),
                cards=shown,
                suit=led,
                unit=shape_noun(unit.length, unit.width, highest=True),
                top=format_cards(unit.cards),
            )
        return _said(
            name,
            N_("You ruff with {unit}: trumps beat {suit} (RULES §7)."),
            N_("{player} ruffs with {unit}: trumps beat {suit} (RULES §7)."),
            unit=unit.describe(),
            suit=led,
        )
    if not beats and unit.suit != held_unit.suit:
        return _said_to(
            name,
            holder,
            N_("{player} plays {cards}, but {holder} has trumped: {suit} cannot beat trumps (RULES §7)."),
            N_("You play {cards}, but {holder} has trumped: {suit} cannot beat trumps (RULES §7)."),
            N_("{player} plays {cards}, but you have trumped: {suit} cannot beat trumps (RULES §7)."),
            cards=shown,
            suit=led,
        )
    return _unit_against_unit(name, unit, beats, holder, held_unit, throw)


def _unit_by_unit(name: str, shown: str, beats: bool, ruffs: bool, holder: str, led: str) -> str:
    """A play against the holder's throw under the variant "all", which compares every unit (RULES §7)."""
    if ruffs:
        return _said(
            name,
            N_("You play {cards} and ruff: trumps beat {suit} (RULES §7)."),
            N_("{player} plays {cards} and ruffs: trumps beat {suit} (RULES §7)."),
            cards=shown,
            suit=led,
        )
    if beats:
        return _said_to(
            name,
            holder,
            N_(
                "{player}'s {cards} beats {holder}'s play unit by unit (RULES §7, variant \"all\": every unit must be higher)."
            ),
            N_(
                'Your {cards} beats {holder}\'s play unit by unit (RULES §7, variant "all": every unit must be higher).'
            ),
            N_(
                '{player}\'s {cards} beats your play unit by unit (RULES §7, variant "all": every unit must be higher).'
            ),
            cards=shown,
        )
    return _said_to(
        name,
        holder,
        N_(
            "{player}'s {cards} does not beat {holder}'s play unit by unit "
            '(RULES §7, variant "all": every unit must be higher).'
        ),
        N_(
            'Your {cards} does not beat {holder}\'s play unit by unit (RULES §7, variant "all": every unit must be higher).'
        ),
        N_(
            '{player}\'s {cards} does not beat your play unit by unit (RULES §7, variant "all": every unit must be higher).'
        ),
        cards=shown,
    )


def _unit_against_unit(name: str, unit: Unit, beats: bool, holder: str, held_unit: Unit, throw: bool) -> str:
    """A play against a holder of its class (both trumps, or both the led suit): its unit higher, equal or lower."""
    values = {
        "unit": shape_noun(unit.length, unit.width, highest=throw),
        "cards": format_cards(unit.cards),
        "held": format_cards(held_unit.cards),
        "why": t(
            "RULES §7: a throw is decided by its largest component, here the {unit}",
            unit=shape_noun(unit.length, unit.width),
        )
        if throw
        else "RULES §7",
    }
    if beats:
        sentence = _said_to(
            name,
            holder,
            N_("{player}'s {unit} {cards} is higher than {holder}'s {held} ({why})."),
            N_("Your {unit} {cards} is higher than {holder}'s {held} ({why})."),
            N_("{player}'s {unit} {cards} is higher than your {held} ({why})."),
            **values,
        )
    elif unit.top == held_unit.top:
        sentence = _said_to(
            name,
            holder,
            N_("{player}'s {unit} {cards} is equal to {holder}'s {held}, and the earlier play wins ({why}; RULES §3)."),
            N_("Your {unit} {cards} is equal to {holder}'s {held}, and the earlier play wins ({why}; RULES §3)."),
            N_("{player}'s {unit} {cards} is equal to your {held}, and the earlier play wins ({why}; RULES §3)."),
            **values,
        )
    else:
        sentence = _said_to(
            name,
            holder,
            N_("{player}'s {unit} {cards} is lower than {holder}'s {held} ({why})."),
            N_("Your {unit} {cards} is lower than {holder}'s {held} ({why})."),
            N_("{player}'s {unit} {cards} is lower than your {held} ({why})."),
            **values,
        )
    return sentence_case(sentence)


_AFTER_YOU = (
    N_("The player after you"),
    N_("The second player after you"),
    N_("The third player after you"),
    N_("The fourth player after you"),
    N_("The fifth player after you"),
    N_("The sixth player after you"),
    N_("The seventh player after you"),
)
"""An other player, named by how many seats after the leader ("you") they sit."""


# -- throws ------------------------------------------------------------------------------


def _beats_unit(counts: dict[int, int], key: Sequence[int], unit: RawUnit) -> RawUnit | None:
    """The lowest unit of the same shape in a holding that is higher than ``unit``, else None."""
    length, width, top, _ = unit
    found = None
    for cand, _ in placements(counts, key, length, width):
        if cand[2] <= top:
            break
        found = cand
    return found


def check_throw(
    lead: CardsLike,
    others: Sequence[CardsLike],
    trump: Trump,
    rules: RuleSet | None = None,
    names: Sequence[str] | None = None,
) -> ThrowCheck:
    """Is a throw safe against the other players' hands? (RULES §8)

    A throw fails when some other player holds, in the led suit, a higher unit of
    the same shape as one of its units; the leader must then play only the
    smallest failing unit. Trumps never make a throw fail. A single-unit lead is
    not a throw and always passes.

    >>> from shengji_tutor import Trump, check_throw, format_cards
    >>> t = Trump("7", "C")
    >>> c = check_throw("KD QD QD 10D 10D", ["3S", "JD JD 2H", "4C"], t)
    >>> c.ok, format_cards(c.forced), c.blocker
    (False, '10♦ 10♦', 1)
    """
    rules = rules_or_default(rules)
    check_trump(trump)
    lead_ids = card_ids(lead, THE_LEAD)
    if type(others) is not list and (isinstance(others, str) or not isinstance(others, Sequence)):
        raise PlayError(f"others must be a list of hands, one per other player, not {others!r}")
    found = [known_ids(h) for h in others]
    if None in found:  # not all lists of cards: read them again, naming the hand in errors
        hands = [card_ids(h, t("hand {number} of the others", number=i + 1)) for i, h in enumerate(others)]
    else:
        hands = cast("list[list[int]]", found)
    if len(hands) > rules.players - 1:
        raise PlayError(
            t("there are at most {n} other players, got {count} hands", n=rules.players - 1, count=len(hands))
        )
    s = lead_suit(lead_ids, trump.suit_table)
    check_id_copies([lead_ids, *hands], rules.decks, THROW_AND_HANDS)
    return _judge_throw(lead_ids, hands, trump, names, s, owned=True)


def judge_throw(
    lead_ids: list[int],
    hands: Sequence[Sequence[int]],
    trump: Trump,
    names: Sequence[str] | None = None,
    s: int | None = None,
) -> ThrowCheck:
    """``check_throw`` on trusted ids (a one-suit lead, possible copies): for the engine's own callers."""
    return _judge_throw(lead_ids, hands, trump, names, s, owned=False)


def _judge_throw(
    lead_ids: list[int],
    hands: Sequence[Sequence[int]],
    trump: Trump,
    names: Sequence[str] | None,
    s: int | None,
    owned: bool,
) -> ThrowCheck:
    """``judge_throw``; ``owned`` lead and hands are lists nobody else holds, so a lazy explanation need not copy them."""
    suit, key = trump.suit_table, trump.key_table
    if s is None:
        s = suit[lead_ids[0]]
    higher = trump.higher_tables[s]  # higher[k]: the cards of the led suit above key k
    n = len(lead_ids)
    if n > 1 and len(set(lead_ids)) == n:
        # A throw of singles. The lowest (the first of equal ones) is the smallest unit: it fails if any hand
        # holds a higher card of the suit, and if none does, no higher single can fail either.
        low = min(lead_ids, key=key.__getitem__)
        above = higher[key[low]]
        for j, h in enumerate(hands):
            if not above.isdisjoint(h):
                return _fails(raw_unit((1, 1, key[low], (low,))), j, lead_ids, hands, trump, s, names, owned)
        return ThrowCheck(True, cards_of(lead_ids), None, partial(_throw_stands, s))
    units = decompose(lead_ids, key)
    if len(units) == 1:
        lead_cards = cards_of(lead_ids)
        return ThrowCheck(True, lead_cards, None, partial(_not_a_throw, units, s, lead_cards))
    # The smallest failing unit is forced, so test units smallest first and stop at the first that fails;
    # the full list of failing units is only built if the explanation is read.
    for unit in sorted(units, key=_smallness if units and units[0][0] > 1 else _width_top):
        length, width, top, _ = unit
        above = higher[top]
        for j, h in enumerate(hands):
            if above.isdisjoint(h):
                continue  # nothing in the led suit above the unit's top
            if length == 1:
                beaten = width == 1 or _tuple_above(h, above, width)
            else:
                beaten = _beats_unit(count_ids([i for i in h if suit[i] == s]), key, unit) is not None
            if beaten:
                return _fails(unit, j, lead_ids, hands, trump, s, names, owned)
    return ThrowCheck(True, cards_of(lead_ids), None, partial(_throw_stands, s))


def _fails(
    unit: RawUnit,
    blocker: int,
    lead_ids: list[int],
    hands: Sequence[Sequence[int]],
    trump: Trump,
    s: int,
    names: Sequence[str] | None,
    owned: bool,
) -> ThrowCheck:
    """The failed throw's check; its explanation reads the lead and the hands as they are now."""
    if not owned:
        lead_ids, hands = list(lead_ids), [list(h) for h in hands]
    explain = partial(_throw_fails, unit, blocker, hands, lead_ids, trump, s, names)
    return ThrowCheck(False, cards_of(unit[3]), blocker, explain)


def _tuple_above(hand: Sequence[int], above: frozenset[int], width: int) -> bool:
    """Does the hand hold ``width`` copies of one of the cards ``above``?"""
    held = [i for i in hand if i in above]  # every copy of a card, or none
    if width == 2:
        return len(set(held)) < len(held)
    return any(held.count(i) >= width for i in held)


def _smallness(unit: RawUnit) -> tuple[int, int]:
    """Fewest cards, then lowest by its highest tuple (RULES §8)."""
    return (unit[0] * unit[1], unit[2])


_width_top: Callable[[RawUnit], tuple[int, int]] = itemgetter(1, 2)
"""``_smallness`` of units that are no tractors (their cards are their width)."""


def _beaten(held: list[int], key: Sequence[int], unit: RawUnit) -> bool:
    """Can these cards of the led suit form a higher unit of the same shape?"""
    length, width, top, _ = unit
    if length == 1:
        if width == 1:
            return max(map(key.__getitem__, held)) > top
        return any(key[i] > top and held.count(i) >= width for i in held)
    return _beats_unit(count_ids(held), key, unit) is not None


def _not_a_throw(units: list[RawUnit], s: int, lead_cards: tuple[Card, ...]) -> ThrowExplanation:
    fmt = make_format(units, s, lead_cards)
    lead = sentence_case(fmt.describe())
    return t("{lead} is not a throw: it always stands (RULES §8).", lead=lead), (), ()


def _throw_stands(s: int) -> ThrowExplanation:
    return (
        t(
            "No other player holds a higher unit in {suit} than any unit of the throw, "
            "so the throw stands (RULES §8). Trumps may still ruff it.",
            suit=suit_words(s),
        ),
        (),
        (),
    )


def _throw_fails(
    forced_unit: RawUnit,
    blocker: int,
    hands: Sequence[Sequence[int]],
    lead_ids: list[int],
    trump: Trump,
    s: int,
    names: Sequence[str] | None,
) -> ThrowExplanation:
    suit, key = trump.suit_table, trump.key_table
    held = [[i for i in h if suit[i] == s] for h in hands]
    units = decompose(lead_ids, key)
    forced = make_unit(forced_unit, s)
    beater = _beats_unit(count_ids(held[blocker]), key, forced_unit)
    assert beater is not None
    beaten_by = cards_of(beater[3])
    who = said_name(names[blocker]) if names is not None and blocker < len(names) else t(_AFTER_YOU[blocker])
    reason = t(
        "{player} holds {cards}, which beats your {unit} {forced}, so the throw fails: "
        "you take it back and play only your smallest failing unit, {forced} (RULES §8).",
        player=who,
        cards=format_cards(beaten_by),
        unit=shape_noun(forced.length, forced.width),
        forced=format_cards(forced.cards),
    )
    failing = tuple(make_unit(u, s) for u in units if any(h and _beaten(h, key, u) for h in held))
    return reason, beaten_by, failing
