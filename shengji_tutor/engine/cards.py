"""Cards and their notation: ``Card``, ``parse_cards``, points.

A card is a small immutable value. There are only 54 distinct cards (52 plus the
two jokers), so every ``Card`` is interned: ``Card("10", "H") is Card("10", "H")``.
That makes equality and hashing identity-cheap, and lets the engine work on the
card's integer ``id`` (0..53) in its hot loops.

Card order depends on the trump, so ``Card`` deliberately has no ``<``: order goes
through :meth:`shengji_tutor.Trump.key`.

>>> from shengji_tutor import Card, parse_cards, points
>>> parse_cards("AS 10h, T♥ bj")
[Card('A', 'S'), Card('10', 'H'), Card('10', 'H'), Card('BJ')]
>>> str(Card("10", "H")), points("5H 10S KD 2C")
('10H', 25)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import TypeAlias

from ..i18n import N_, t, tn
from .errors import CardParseError, ImpossibleCardsError, ShengjiError

__all__ = [
    "RANKS",
    "SUITS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "Card",
    "Cards",
    "CardsLike",
    "and_all",
    "as_cards",
    "card_ids",
    "card_points",
    "cards_of",
    "check_copies",
    "check_id_copies",
    "deck",
    "either",
    "format_cards",
    "joker_words",
    "listed",
    "normal_rank",
    "parse_cards",
    "points",
    "rank_plural",
    "sentence_case",
    "trump_rank",
    "with_article",
]

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES: dict[str, str] = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
"""The suits' English names (identifiers: a sentence shows ``t(SUIT_NAMES[s])``)."""
RANK_NAMES: dict[str, str] = {"J": N_("jack"), "Q": N_("queen"), "K": N_("king"), "A": N_("ace")}
_CARD_NAMES = {
    "S": N_("{rank} of spades"),
    "H": N_("{rank} of hearts"),
    "D": N_("{rank} of diamonds"),
    "C": N_("{rank} of clubs"),
}
JOKERS: tuple[str, str] = ("SJ", "BJ")

SMALL_JOKER_ID = 52
BIG_JOKER_ID = 53
N_CARD_IDS = 54
MAX_DECKS = 3

_RANK_ALIASES = {r: r for r in RANKS} | {"T": "10"}
_SUIT_ALIASES = {s: s for s in SUITS} | {sym: s for s, sym in SUIT_SYMBOLS.items()}
_SUIT_ALIASES |= {"♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_SEPARATORS = re.compile(r"[\s,]+")
_POINTS = {"5": 5, "10": 10, "K": 10}


class Card:
    """One playing card: a rank and a suit, or one of the two jokers.

    ``Card("7", "C")`` is the seven of clubs; ``Card("SJ")`` the small (black)
    joker, ``Card("BJ")`` the big (red) joker. Construction accepts the same
    spellings as :func:`parse_cards` (``"T"`` for 10, lower case, ``"♣"``).
    """

    __slots__ = ("id", "points", "rank", "suit")

    id: int
    rank: str
    suit: str | None
    points: int

    def __new__(cls, rank: str, suit: str | None = None) -> Card:
        return _lookup(rank, suit)

    @classmethod
    def _make(cls, card_id: int, rank: str, suit: str | None) -> Card:
        self = object.__new__(cls)
        object.__setattr__(self, "id", card_id)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "points", _POINTS.get(rank, 0))
        return self

    @classmethod
    def from_id(cls, card_id: int) -> Card:
        """The card with the engine's integer id (0..53)."""
        if type(card_id) is not int or not 0 <= card_id < N_CARD_IDS:
            raise CardParseError(f"a card id is a whole number from 0 to {N_CARD_IDS - 1}, not {card_id!r}")
        return _ALL[card_id]

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read one token such as ``"10H"``, ``"th"``, ``"A♠"`` or ``"BJ"``."""
        cards = parse_cards(token)
        if len(cards) != 1:
            raise CardParseError(
                t("expected one card, got {count} in {token}", count=len(cards), token=repr(token)), token, 0
            )
        return cards[0]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[str, str | None]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    def __str__(self) -> str:
        return self.rank if self.suit is None else self.rank + self.suit

    def __repr__(self) -> str:
        if self.suit is None:
            return f"Card({self.rank!r})"
        return f"Card({self.rank!r}, {self.suit!r})"

    def symbol(self) -> str:
        """The token with a unicode suit: ``10♥``; jokers stay ``SJ`` / ``BJ``."""
        return self.rank if self.suit is None else self.rank + SUIT_SYMBOLS[self.suit]

    def _repr_svg_(self) -> str:
        from ..ui.render import card_svg  # lazy: the rules never import rendering

        return card_svg(self)

    def name(self) -> str:
        """The card in words, as screen readers and explanations say it, in the reader's language."""
        if self.rank == "BJ":
            return t("big joker")
        if self.rank == "SJ":
            return t("small joker")
        assert self.suit is not None
        rank = t(RANK_NAMES[self.rank]) if self.rank in RANK_NAMES else self.rank
        return t(_CARD_NAMES[self.suit], rank=rank)


def _build() -> tuple[Card, ...]:
    cards = [Card._make(s * 13 + r, rank, suit) for s, suit in enumerate(SUITS) for r, rank in enumerate(RANKS)]
    cards.append(Card._make(SMALL_JOKER_ID, "SJ", None))
    cards.append(Card._make(BIG_JOKER_ID, "BJ", None))
    return tuple(cards)


_ALL: tuple[Card, ...] = _build()
_BY_TOKEN: dict[str, Card] = {str(c): c for c in _ALL}


def normal_rank(rank: object) -> str | None:
    """The canonical spelling of a rank (``"t"`` → ``"10"``, ``" q "`` → ``"Q"``), or ``None`` if it is not one.

    >>> from shengji_tutor.engine.cards import normal_rank
    >>> normal_rank("t"), normal_rank("A"), normal_rank("1")
    ('10', 'A', None)
    """
    return _RANK_ALIASES.get(rank.strip().upper()) if isinstance(rank, str) else None


def trump_rank(rank: object, error: type[ShengjiError] = ShengjiError) -> str:
    """``normal_rank`` of a trump rank; ``error`` (a ``ShengjiError``) naming it when it is not one.

    >>> from shengji_tutor.engine.cards import trump_rank
    >>> trump_rank(" q ")
    'Q'
    """
    canonical = normal_rank(rank)
    if canonical is None:
        raise error(t("the trump rank must be one of 2-10, J, Q, K, A, not {rank}", rank=repr(rank)))
    return canonical


def _lookup(rank: str, suit: str | None) -> Card:
    if not isinstance(rank, str) or not (suit is None or isinstance(suit, str)):
        raise CardParseError(f"a card needs a rank and a suit as text, got {rank!r}, {suit!r}")
    r = rank.strip().upper()
    if r in JOKERS:
        if suit is not None:
            raise CardParseError(
                t("a joker has no suit, got {rank} with {suit}", rank=repr(rank), suit=repr(suit)), rank
            )
        return _BY_TOKEN[r]
    canonical = _RANK_ALIASES.get(r)
    if canonical is None:
        raise CardParseError(t("unknown rank {rank} (ranks are 2-10, J, Q, K, A, or T for 10)", rank=repr(rank)), rank)
    if suit is None:
        raise CardParseError(t("the card {rank} needs a suit (S, H, D or C)", rank=repr(rank)), rank)
    s = _SUIT_ALIASES.get(suit.strip().upper())
    if s is None:
        raise CardParseError(t("unknown suit {suit} (suits are S, H, D, C or ♠ ♥ ♦ ♣)", suit=repr(suit)), suit)
    return _BY_TOKEN[canonical + s]


_TOKEN = re.compile(r"SJ|BJ|(?:10|[2-9TJQKA])[SHDC♠♥♦♣♤♡♢♧]")
_RANK_START = re.compile(r"10|[2-9TJQKA]")


def _parse_chunk(chunk: str, position: int, out: list[Card]) -> int:
    """Read one space-free chunk, which may hold several tokens (``5H5H4H4H``)."""
    text = chunk.upper()
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            bad = chunk[pos:]
            r = _RANK_START.match(text, pos)
            if r is None:
                message = t(
                    "cannot read card {card} at position {position}: unknown rank "
                    "(write rank then suit, like 10H, AS, TD, 7♣, or SJ / BJ for the jokers)",
                    card=repr(bad),
                    position=position,
                )
            elif r.end() == len(text):
                message = t(
                    "cannot read card {card} at position {position}: missing suit "
                    "(write rank then suit, like 10H, AS, TD, 7♣, or SJ / BJ for the jokers)",
                    card=repr(bad),
                    position=position,
                )
            else:
                message = t(
                    "cannot read card {card} at position {position}: unknown suit "
                    "(write rank then suit, like 10H, AS, TD, 7♣, or SJ / BJ for the jokers)",
                    card=repr(bad),
                    position=position,
                )
            raise CardParseError(message, bad, position)
        tok = m.group()
        out.append(_BY_TOKEN[(_RANK_ALIASES[tok[:-1]] + _SUIT_ALIASES[tok[-1]]) if tok not in JOKERS else tok])
        position += 1
        pos = m.end()
    return position


class Cards(list[Card]):
    """A list of cards that shows itself as card pictures in a notebook (``parse_cards`` returns one)."""

    def _repr_svg_(self) -> str:
        from ..ui.render import hand_svg  # lazy: the rules never import rendering

        return hand_svg(self, sort=False)


def parse_cards(text: str) -> list[Card]:
    """Parse a card list: tokens separated by spaces and/or commas (or written together).

    Positions in error messages count tokens from 1.

    >>> from shengji_tutor import parse_cards
    >>> parse_cards("7c, 7♣ TS")
    [Card('7', 'C'), Card('7', 'C'), Card('10', 'S')]
    >>> len(parse_cards("5H5H4H4H"))
    4
    >>> parse_cards("AS 1H")
    Traceback (most recent call last):
    ...
    shengji_tutor.engine.errors.CardParseError: cannot read card '1H' at position 2: unknown rank (write rank then suit, like 10H, AS, TD, 7♣, or SJ / BJ for the jokers)
    """
    if not isinstance(text, str):
        raise CardParseError(f"expected a string of card tokens, got {type(text).__name__}")
    out = Cards()
    position = 1
    for chunk in _SEPARATORS.split(text.strip()):
        if chunk:
            position = _parse_chunk(chunk, position, out)
    return out


CardsLike: TypeAlias = str | Iterable[Card | str]
"""A card string (``"AS 10H"``) or an iterable of ``Card`` (single tokens are accepted too)."""


def as_cards(cards: CardsLike, what: str = N_("cards")) -> list[Card]:
    """Accept either a card string or an iterable of ``Card``; return a new list.

    ``what`` names the argument in error messages ("the lead", "your hand"): English marked with ``N_`` (it is
    translated where the message is made), or a name already in the reader's language.
    """
    if isinstance(cards, str):
        try:
            return parse_cards(cards)
        except CardParseError as e:
            raise CardParseError(t("in {what}: {error}", what=t(what), error=e), e.token, e.position) from None
    if type(cards) is list or type(cards) is tuple:
        for c in cards:
            if type(c) is not Card:
                break
        else:  # the common case in hot loops: already a sequence of cards
            return list(cards)
    try:
        out = list(cards)
    except TypeError:
        raise CardParseError(f"{what} must be a card string or a list of cards, got {type(cards).__name__}") from None
    result: list[Card] = []
    for i, c in enumerate(out, 1):
        if type(c) is Card:
            result.append(c)
        elif isinstance(c, str):
            try:
                result.append(Card.parse(c))
            except CardParseError:
                raise CardParseError(
                    t(
                        "in {what}: cannot read card {card} at position {position} "
                        "(write rank then suit, like 10H, AS, TD, 7♣, or SJ / BJ for the jokers)",
                        what=t(what),
                        card=repr(c),
                        position=i,
                    ),
                    c,
                    i,
                ) from None
        else:
            raise CardParseError(f"in {what}: item {i} is not a card: {c!r}", repr(c), i)
    return result


def card_ids(cards: CardsLike, what: str = N_("cards")) -> list[int]:
    """The engine's integer ids of some cards; accepts what ``as_cards`` accepts.

    A list or tuple of ``Card`` (the form hot loops use) is read in one
    comprehension; anything else (strings, tokens, bad items) takes the careful path.
    """
    ids = known_ids(cards)
    return ids if ids is not None else [c.id for c in as_cards(cards, what)]


def known_ids(cards: object) -> list[int] | None:
    """``card_ids`` of a list or tuple of ``Card`` (the form hot loops use), or None for anything else."""
    if type(cards) is list or type(cards) is tuple:
        try:
            ids = [c.id for c in cards]
        except (AttributeError, TypeError):
            return None
        if not ids:
            return ids
        if type(ids[0]) is int:
            try:
                if _ID_SET.issuperset(ids):  # real cards' ids: one test in C
                    return ids
            except TypeError:
                pass
            try:
                if min(ids) >= 0 and max(ids) < N_CARD_IDS:
                    return ids
            except (AttributeError, TypeError):
                pass
    return None


_ID_SET = frozenset(range(N_CARD_IDS))


def cards_of(ids: Iterable[int]) -> tuple[Card, ...]:
    """The cards for engine ids (the inverse of ``card_ids``)."""
    return tuple(map(_ALL.__getitem__, ids))


def check_id_copies(groups: Iterable[Sequence[int]], decks: int, what: str = N_("these cards")) -> None:
    """Raise ``ImpossibleCardsError`` if the id groups together hold more copies of a card than ``decks``."""
    counts = [0] * N_CARD_IDS
    for group in groups:
        for i in group:
            counts[i] += 1
    worst = max(counts)
    if worst > decks:
        card = _ALL[counts.index(worst)]
        raise ImpossibleCardsError(
            tn(
                "{what} contain {count} copies of {card}, but {n} deck holds only {n}",
                "{what} contain {count} copies of {card}, but {n} decks hold only {n}",
                decks,
                what=t(what),
                count=worst,
                card=card,
            )
        )


def check_copies(groups: Iterable[Iterable[Card]], decks: int, what: str = N_("these cards")) -> None:
    """Raise ``ImpossibleCardsError`` if the groups together hold more copies of a card than ``decks``."""
    check_id_copies(([c.id for c in g] for g in groups), decks, what)


def card_points(card: Card) -> int:
    return card.points


def points(cards: CardsLike) -> int:
    """The points (分 fēn) in some cards: 5s score 5, 10s and Ks score 10.

    >>> from shengji_tutor import points
    >>> points("5H 10S KD 2C AS BJ")
    25
    """
    group = as_cards(cards)
    check_copies([group], MAX_DECKS)
    return sum(c.points for c in group)


def deck(decks: int = 2) -> list[Card]:
    """All the cards of ``decks`` full packs with jokers, in a fixed order."""
    if type(decks) is not int or not 1 <= decks <= MAX_DECKS:
        raise ImpossibleCardsError(f"decks must be a whole number from 1 to {MAX_DECKS}, not {decks!r}")
    return [c for _ in range(decks) for c in _ALL]


_JOKER_RUN = re.compile(r"(?<![\w-])[SB]J(?: [SB]J)*(?![\w-])")
_COUNT_WORDS = {2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six")}


def listed(items: Sequence[str], last: bool = True) -> str:
    """Items in a sentence, in the reader's language: "a, b and c" (``last``: the last joined by "and"), or "a, b, c".

    >>> from shengji_tutor.engine.cards import listed
    >>> listed(["2 pairs", "a single"]), listed(["a", "b", "c"]), listed(["a", "b", "c"], last=False), listed(["a"])
    ('2 pairs and a single', 'a, b and c', 'a, b, c', 'a')
    """
    if len(items) < 2:
        return "".join(items)
    head = items[0]
    for item in items[1:-1] if last else items[1:]:
        head = t("{list}, {item}", list=head, item=item)
    return t("{list} and {last}", list=head, last=items[-1]) if last else head


def and_all(items: Iterable[str]) -> str:
    """Items joined by "and", every one ("hearts and clubs", "a and b and c"), in the reader's language.

    >>> from shengji_tutor.engine.cards import and_all
    >>> and_all(["hearts", "clubs"]), and_all([])
    ('hearts and clubs', '')
    """
    return _chained(items, lambda head, item: t("{list} and {last}", list=head, last=item))


def either(items: Iterable[str]) -> str:
    """Answers that are each right, in a sentence in the reader's language: "a or b or c".

    >>> from shengji_tutor.engine.cards import either
    >>> either(["Q♠ Q♠", "7♥ 7♥"]), either(["a"])
    ('Q♠ Q♠ or 7♥ 7♥', 'a')
    """
    # TRANSLATORS: two (or more) answers that are both right ("Q♠ Q♠ or 7♥ 7♥"); {first} may itself be a list.
    return _chained(items, lambda head, item: t("{first} or {second}", first=head, second=item))


def _chained(items: Iterable[str], joined: Callable[[str, str], str]) -> str:
    words = list(items)
    head = words[0] if words else ""
    for item in words[1:]:
        head = joined(head, item)
    return head


def _jokers_said(token: str, n: int) -> str:
    """``n`` copies of one joker in words: "small joker", "two small jokers"."""
    if token == "SJ":
        if n == 1:
            return t("small joker")
        count = t(_COUNT_WORDS[n]) if n in _COUNT_WORDS else str(n)
        return tn("{count} small joker", "{count} small jokers", n, count=count)
    if n == 1:
        return t("big joker")
    count = t(_COUNT_WORDS[n]) if n in _COUNT_WORDS else str(n)
    return tn("{count} big joker", "{count} big jokers", n, count=count)


def joker_words(text: str) -> str:
    """``text`` with the jokers' tokens said in words (in the reader's language), as a learner reads them; markup
    (``<…>``) is left alone.

    >>> from shengji_tutor.engine.cards import joker_words
    >>> joker_words("You hold SJ SJ but no 4; BJ beats it."), joker_words("SJ BJ 7♥"), joker_words('<b data-card="BJ">x</b>')
    ('You hold two small jokers but no 4; big joker beats it.', 'small joker, big joker 7♥', '<b data-card="BJ">x</b>')
    """

    def said(run: re.Match[str]) -> str:
        tokens = run.group(0).split()
        groups: list[tuple[str, int]] = []
        for token in tokens:
            if groups and groups[-1][0] == token:
                groups[-1] = (token, groups[-1][1] + 1)
            else:
                groups.append((token, 1))
        return listed([_jokers_said(token, n) for token, n in groups], last=False)

    parts = re.split(r"(<[^>]*>)", text)
    return "".join(part if part.startswith("<") else _JOKER_RUN.sub(said, part) for part in parts)


RANK_PLURALS = {"A": N_("aces"), "K": N_("kings"), "Q": N_("queens"), "J": N_("jacks")}


def rank_plural(rank: str) -> str:
    """A rank's cards in the plural, as a sentence says them (in the reader's language): "7s", "10s", "aces" (not
    "As", which reads "as").

    >>> from shengji_tutor.engine.cards import rank_plural
    >>> rank_plural("7"), rank_plural("A"), rank_plural("J")
    ('7s', 'aces', 'jacks')
    """
    return t(RANK_PLURALS[rank]) if rank in RANK_PLURALS else t("{rank}s", rank=rank)


def counted(count: float, noun: str, plural: str | None = None, *, signed: bool = False) -> str:
    """A count with its noun agreeing: "1 point", "2 points", "+1 point" (``signed``); an average is rounded to the
    whole number said first, so it never reads "1 points".

    English only (its nouns are English words): a sentence to be translated says its count with ``tn``.

    >>> from shengji_tutor.engine.cards import counted
    >>> counted(1, "point"), counted(0.6, "point", signed=True), counted(-3.2, "point"), counted(2, "copy", "copies")
    ('1 point', '+1 point', '-3 points', '2 copies')
    """
    whole = round(count)
    number = f"{whole:+d}" if signed else f"{whole:d}"
    return f"{number} {noun if abs(whole) == 1 else plural or noun + 's'}"


def with_article(word: str) -> str:
    """``word`` after "a" or "an", as it is said: a 7, an 8, an A, an ace, a king.

    English only: a sentence to be translated is written whole, with its article, in ``t``.

    >>> from shengji_tutor.engine.cards import with_article
    >>> [with_article(w) for w in ("7", "8", "A", "ace", "K", "11", "18")]
    ['a 7', 'an 8', 'an A', 'an ace', 'a K', 'an 11', 'an 18']
    """
    spoken = word.lower()
    vowel = spoken.startswith(("a", "e", "i", "o", "u", "8", "11", "18"))
    return f"{'an' if vowel else 'a'} {word}"


def sentence_case(text: str) -> str:
    """``text`` with its first letter upper-case and the rest untouched (``str.capitalize`` would lower the card ranks
    in it: "rank a, hearts are trump").

    >>> from shengji_tutor.engine.cards import sentence_case
    >>> sentence_case("rank A, hearts are trump (5♥ above the big joker)")
    'Rank A, hearts are trump (5♥ above the big joker)'
    """
    return text[:1].upper() + text[1:]


def format_cards(cards: CardsLike, symbols: bool = True) -> str:
    """Cards as text for sentences: ``8♥ 8♥`` (or canonical tokens with ``symbols=False``)."""
    return " ".join(c.symbol() if symbols else str(c) for c in as_cards(cards))
