"""Rule sets as data: one :class:`Rules` value holds every option of docs/rules.md.

A preset names a variant with its usual options; any option can be overridden by name:

>>> rules = preset("partnership_auction", min_bid=300)
>>> rules.min_bid, rules.players, rules.count
(300, 4, <Counting.STREAMLINED: 'streamlined'>)
>>> preset("two_hand", pass_cards=4)
Traceback (most recent call last):
...
engine.rules.RulesError: option 'pass_cards' does not apply to two_hand (it is for: partnership_auction, double_deck)

The structure of a variant (players, deck, hand size, how trump is made) is fixed by the variant;
everything else is an option described in :data:`OPTIONS`, which the GUI uses to build its rule
screens and the rules help uses to say what the engine does.
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal, TypeAlias, get_args


class RulesError(ValueError):
    """An unknown option, a value out of range, or options that cannot go together."""


VARIANTS = ("two_hand", "three_hand", "partnership_turnup", "partnership_auction", "double_deck")
AUCTION_VARIANTS = ("three_hand", "partnership_auction", "double_deck")
PASSING_VARIANTS = ("partnership_auction", "double_deck")
PARTNERSHIP_VARIANTS = ("partnership_turnup", "partnership_auction", "double_deck")
SINGLE_DECK_VARIANTS = ("two_hand", "three_hand", "partnership_turnup", "partnership_auction")
ALL = VARIANTS

#: The name of a preset (:data:`PRESETS`), as hand records, settings and challenges write it.
Variant: TypeAlias = Literal["two_hand", "three_hand", "partnership_turnup", "partnership_auction",
                             "partnership_auction_div10", "double_deck"]
PRESET_NAMES: tuple[Variant, ...] = get_args(Variant)

#: The value of one option: a number, a yes/no or a choice by name.
OptionValue: TypeAlias = bool | int | str
#: Rules written out by :meth:`Rules.to_dict`, every option by name (or some options, as changes).
RulesDict: TypeAlias = dict[str, OptionValue]


@dataclass(frozen=True)
class Option:
    """What the GUI and the rules help need to know about one option."""

    name: str
    label: str
    help: str
    choices: tuple[Any, ...] | None = None  # None: a number in [low, high] or a bool
    low: int = 0
    high: int = 0
    variants: tuple[str, ...] = ALL


class TrumpBy(StrEnum):
    """How trump is made: named by the auction's winner, by the card turned up (four-handed), or by the card
    under the stock (two-handed)."""

    AUCTION = "auction"
    TURNUP = "turnup"
    STOCK = "stock"


# The options with a closed list of choices, each an enum whose values are the very strings that hand
# records, saves and settings write (a plain string read from a file is taken as its member).


class MeldTable(StrEnum):
    """Which meld values are in force (``meld_table``)."""

    STANDARD = "standard"
    SEED001 = "seed001"  # the divided-by-ten table
    DOUBLE_DECK = "double_deck"
    MASEK = "masek"


class Counting(StrEnum):
    """What the cards taken in tricks are worth (``count``)."""

    OLD_TIMERS = "old_timers"
    SIMPLIFIED = "simplified"
    STREAMLINED = "streamlined"
    SEED001 = "seed001"  # divided by ten
    DOUBLE_DECK = "double_deck"


class PlayRule(StrEnum):
    """Who must play what (``play_rule``; see :func:`engine.play.play_mode`)."""

    MUST_BEAT = "must_beat"
    POST_1945 = "post_1945"
    ALWAYS_WIN = "always_win"
    WIN_IF_ABLE = "win_if_able"


class AfterStock(StrEnum):
    """Two-handed, once the stock is gone: when the second player must win the trick (``phase2_must_win``)."""

    ALWAYS = "always"
    TRUMP_LED = "trump_led"


class AllPass(StrEnum):
    """When everybody passes (``all_pass``): the dealer is stuck at the minimum, or the cards are dealt again."""

    DEALER_STUCK = "dealer_stuck"
    REDEAL = "redeal"


class MeldNeeds(StrEnum):
    """What a side must take in tricks for its meld to count (``meld_needs``, ``declarer_meld_needs``)."""

    TRICK = "trick"
    POINTS = "points"
    NONE = "none"


class BothOver(StrEnum):
    """Several over the target on one hand (``both_over``): the declarer wins, the target goes up, or the
    highest score wins."""

    DECLARER = "declarer"
    EXTEND = "extend"
    HIGHEST = "highest"


@dataclass(frozen=True)
class Rules:
    """Every rule in force for one game. Build it with :func:`preset`; it is immutable."""

    # The fields are in the order hand records and saves write them (:meth:`to_dict`): a new option
    # goes at the end, under the group it belongs to in docs/rules.md ("Every option").

    # -- the structure, fixed by the variant ------------------------------------------------------
    variant: Variant = "partnership_auction"
    players: int = 4
    double_deck: bool = False  # 80 cards, four of each A 10 K Q J, no nines
    hand_size: int = 12
    widow_size: int = 0
    trump_by: TrumpBy = TrumpBy.AUCTION  # by auction, turned up (four-handed) or the stock's foot (two-handed)
    # -- the deal ------------------------------------------------------------------------------
    deal_packet: int = 3  # cards dealt at a time (the double deck: 4 or 5)
    # -- meld: which table, which doubles and extras count ----------------------------------------
    meld_table: MeldTable = MeldTable.STANDARD  # which meld values (seed001: divided by ten)
    double_values: bool = True  # double run 1500, eight aces 1000 ... instead of twice the single
    bonus_melds: bool = False  # Scarne's bonus melds (double marriages; with the double deck, triples)
    run_extra_marriage: bool = False  # an extra K or Q of trumps beside a run marries the run's partner
    # -- play and counting -----------------------------------------------------------------------
    count: Counting = Counting.STREAMLINED  # what cards taken in tricks are worth
    play_rule: PlayRule = PlayRule.MUST_BEAT  # who must play what
    phase2_must_win: AfterStock = AfterStock.ALWAYS  # two-handed, once the stock is gone: always, or on a trump lead
    remeld_reductions: bool = True  # two-handed: 110, 260 and 40 for melds built on what lies on the table
    # -- the auction -----------------------------------------------------------------------------
    min_bid: int = 250
    bid_step: int = 10
    bid_step_high: int = 0  # from bid_step_high_from on, every bid a multiple of this (0: never)
    bid_step_high_from: int = 0
    max_bid: int = 2500
    jump_bids: bool = True  # a bid may skip steps
    all_pass: AllPass = AllPass.DEALER_STUCK  # or a new deal
    pass_with_help: bool = False  # a partner may pass "with help" (still final)
    # -- passing cards between partners ---------------------------------------------------------------
    pass_cards: int = 4  # each way; 0: no passing
    pass_simultaneous: bool = False  # both pass at once, unseen
    # -- trump -----------------------------------------------------------------------------------
    trump_needs_marriage: bool = False  # the declarer must hold K and Q of the suit named
    # -- scoring a hand --------------------------------------------------------------------------
    throw_in: bool = True  # the declarer may concede after the meld
    not_on_board_set: bool = True  # set at once when the bid is more than the trick points above the meld
    meld_needs: MeldNeeds = MeldNeeds.POINTS  # what the other side(s) must take for their meld to count
    dix_saves_itself: bool = True  # a meld of nines of trumps alone always counts
    set_gives_bid: bool = False  # Pacific-northwest: a set gives the bid to the opponents
    # -- the widow (three-handed) -----------------------------------------------------------------
    strict_bury: bool = False  # no meld cards buried
    # -- the deal (continued) ----------------------------------------------------------------------
    redeal_nines: bool = False  # five or more nines and no aces may call a new deal
    # -- the end of the game ---------------------------------------------------------------------
    game_target: int = 1500  # 0: a game of game_hands hands
    both_over: BothOver = BothOver.DECLARER  # several over the target on one hand
    declare_out: bool = False  # a player may claim the game: right wins, wrong loses
    game_hands: int = 0
    # -- scoring a hand (continued) ------------------------------------------------------------------
    declarer_meld_needs: MeldNeeds = MeldNeeds.NONE  # what the declaring side must take for its meld to count
    # -- two-handed: the turned-up dix and the order of meld and draw (the Hoyle readings) --------------
    turnup_dix_to_dealer: bool = False  # a turned-up dix scores for the dealer at once and stays
    meld_before_draw: bool = False  # after a trick the winner melds, then both draw
    # -- the variations of the double-deck rules: the auction, passing and trump ----------------------
    bid_rounds: int = 0  # the bidding goes round only this often (0: until all but one pass)
    pass_before_trump: bool = False  # cards passed before trump is named
    marriage_after_pass: bool = False  # the trump marriage looked for after the passing
    # -- the auction: a house rule ---------------------------------------------------------------
    first_bid_forced: bool = False  # the dealer's left must open at exactly the minimum

    def __post_init__(self) -> None:
        # Every way of building rules (a preset, an override, a save, ``Rules(...)`` by hand) is checked.
        _check_structure(self)
        _choices_as_members(self)
        for name, option in OPTIONS.items():
            _check_value(option, getattr(self, name), applies=self.variant in option.variants)
        _check(self)

    # -- derived ------------------------------------------------------------------------------
    @property
    def partnerships(self) -> bool:
        return self.variant in PARTNERSHIP_VARIANTS

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side, in the order scores are kept."""
        if self.partnerships:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(self.players))

    @property
    def auction(self) -> bool:
        return self.trump_by == TrumpBy.AUCTION

    @property
    def trick_total(self) -> int:
        """All the points there are to take in tricks, last trick included."""
        return {Counting.SEED001: 25, Counting.DOUBLE_DECK: 50}.get(self.count, 250)

    @property
    def bury_count(self) -> int:
        """How many cards the declarer buries after taking the widow (0: no widow, no bury)."""
        return self.widow_size

    @property
    def cards_received(self) -> int:
        """The most cards a hand holds beyond the deal: the cards passed to the declarer, or the widow."""
        return self.pass_cards if self.variant in PASSING_VARIANTS else self.widow_size

    def team_of(self, seat: int) -> int:
        return seat % 2 if self.partnerships else seat

    def partner_of(self, seat: int) -> int | None:
        """The seat's partner, across the table; ``None`` for a player who plays alone."""
        team = self.teams[self.team_of(seat)]
        return next((other for other in team if other != seat), None)

    def next_bids(self, current: int | None) -> list[int]:
        """Every bid that may follow ``current`` (``None``: the opening bid), lowest first."""
        ladder = _bid_ladder(self)
        start = 0 if current is None else bisect.bisect_right(ladder, current)
        return list(ladder[start:] if self.jump_bids else ladder[start:start + 1])

    def step_up(self, amount: int) -> int:
        """The next bid above ``amount``."""
        if self.bid_step_high and amount >= self.bid_step_high_from:
            step = self.bid_step_high
            return (amount // step + 1) * step
        return amount + self.bid_step

    def to_dict(self) -> RulesDict:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def changes(self) -> RulesDict:
        """The options that differ from the variant's preset (what a player chose)."""
        base = PRESETS[preset_name(self)]
        return {f: v for f, v in self.to_dict().items() if v != getattr(base, f)}


@functools.cache
def _bid_ladder(rules: Rules) -> tuple[int, ...]:
    """Every bid of the auction, from the minimum to the highest."""
    if not rules.auction:
        return ()
    amounts = []
    amount = rules.min_bid
    while amount <= rules.max_bid:
        amounts.append(amount)
        amount = rules.step_up(amount)
    return tuple(amounts)


STRUCTURE = ("variant", "players", "double_deck", "hand_size", "widow_size", "trump_by")

# What each variant fixes: players, double deck, hand size, widow size, how trump is made.
VARIANT_STRUCTURE: dict[str, tuple[int, bool, int, int, TrumpBy]] = {
    "two_hand": (2, False, 12, 0, TrumpBy.STOCK),
    "three_hand": (3, False, 15, 3, TrumpBy.AUCTION),
    "partnership_turnup": (4, False, 12, 0, TrumpBy.TURNUP),
    "partnership_auction": (4, False, 12, 0, TrumpBy.AUCTION),
    "double_deck": (4, True, 20, 0, TrumpBy.AUCTION),
}

#: The strict bury option on its own: the card picker quotes its words when the rules refuse a bury.
STRICT_BURY = Option("strict_bury", "Strict bury", "The three-handed declarer may not bury cards used in meld.", variants=("three_hand",))

OPTIONS: dict[str, Option] = {
    o.name: o
    for o in (
        Option("deal_packet", "Deal", "How many cards each player gets at a time in the deal (a single deck: 3).", (4, 5), variants=("double_deck",)),
        Option("meld_table", "Meld table", "Which meld values are in force.", tuple(MeldTable)),
        Option("double_values", "Double meld bonuses", "Double run 1500, eight aces 1000, kings 800, queens 600, jacks 400 instead of twice the single meld.", variants=SINGLE_DECK_VARIANTS),
        Option("bonus_melds", "Bonus melds", "The classic book's extra melds: double marriage in trumps 300, double common marriage 150; with the double deck (at its scale, a tenth) also its triple and quadruple melds, such as twelve aces 200 and sixteen aces 400.", variants=ALL),
        Option("run_extra_marriage", "Run with extra K or Q", "A trump king or queen beside a run marries the run's partner card for a royal marriage.", variants=SINGLE_DECK_VARIANTS),
        Option("count", "Counting", "What the cards taken in tricks are worth.", tuple(Counting)),
        Option("play_rule", "Play rule", "Must-beat: follow, and beat the winning card if you can. Post-1945: follow or trump; beat only on a trump lead. Always win: every player must try to win every trick. Win if able (the divided-by-ten rules): follow suit, else any card, but play a card that wins the trick if you have one.", tuple(PlayRule), variants=("three_hand", "partnership_turnup", "partnership_auction", "double_deck")),
        Option("phase2_must_win", "After the stock", "Two-handed, once the stock is gone: must the second player win the trick if able always, or only when trumps are led?", tuple(AfterStock), variants=("two_hand",)),
        Option("remeld_reductions", "Re-meld reductions", "A royal marriage completed to a run adds 110; a pinochle doubled adds 260; a second pinochle after the first was broken gives 40.", variants=("two_hand",)),
        Option("min_bid", "Minimum bid", "The lowest opening bid (the dealer's bid when everybody passes).", low=1, high=1000, variants=AUCTION_VARIANTS),
        Option("bid_step", "Bid step", "Bids go up by this much.", low=1, high=100, variants=AUCTION_VARIANTS),
        Option("bid_step_high", "Bid step higher up", "From the bid set in Higher step from, bids are multiples of this (0: no change).", low=0, high=100, variants=AUCTION_VARIANTS),
        Option("bid_step_high_from", "Higher step from", "The bid from which the higher step applies.", low=0, high=1000, variants=AUCTION_VARIANTS),
        Option("max_bid", "Highest bid", "The highest bid the auction offers.", low=1, high=5000, variants=AUCTION_VARIANTS),
        Option("jump_bids", "Jump bids", "A bid may go up by more than one step.", variants=AUCTION_VARIANTS),
        Option("all_pass", "Everybody passes", "If all pass, the dealer is stuck at the minimum, or the hand is dealt again.", tuple(AllPass), variants=AUCTION_VARIANTS),
        Option("pass_with_help", "Pass with help", "A player may pass 'with help' to tell the partner of a good hand.", variants=PASSING_VARIANTS),
        Option("pass_cards", "Cards passed", "How many cards the declarer's partner passes, and the declarer passes back (0: no passing).", low=0, high=4, variants=PASSING_VARIANTS),
        Option("pass_simultaneous", "Pass at once", "Declarer and partner pass at the same time, neither seeing the other's cards first.", variants=PASSING_VARIANTS),
        Option("trump_needs_marriage", "Trump needs a marriage", "The declarer must hold a marriage in the trump suit, or the hand is not played and the side loses its bid.", variants=AUCTION_VARIANTS),
        Option("throw_in", "Throw-in", "The declarer may concede after the meld: loses the bid, the opponents score their meld, no play.", variants=AUCTION_VARIANTS),
        Option("not_on_board_set", "Not on the board", "A side whose meld is short of its bid by more than the trick points goes set at once.", variants=PASSING_VARIANTS),
        Option("meld_needs", "Saving meld", "What a side must take in tricks for its meld to count: a trick, any trick points, or nothing.", (MeldNeeds.TRICK, MeldNeeds.POINTS, MeldNeeds.NONE), variants=("three_hand", "partnership_turnup", "partnership_auction", "double_deck")),
        Option("dix_saves_itself", "Dix saves itself", "Meld of nines of trump alone counts even if the side took nothing.", variants=("partnership_turnup", "partnership_auction", "double_deck")),
        Option("set_gives_bid", "Pacific-northwest set", "When the declaring side goes set, the opponents score the bid instead of the declarer losing it.", variants=PASSING_VARIANTS),
        STRICT_BURY,
        Option("redeal_nines", "Nines redeal", "A player with five or more nines and no aces may call for a new deal before the bidding.", variants=("partnership_auction",)),
        Option("game_target", "Game", "Points to win the game (0: play a number of hands).", low=0, high=10000),
        Option("both_over", "Both pass game", "When several reach the target on the same hand: the declarer wins, the target goes up by 250, or the highest score wins.", tuple(BothOver)),
        Option("declare_out", "Declaring out", "A player may claim the game at any of his or her own turns: right wins, wrong loses.", variants=("two_hand", "partnership_turnup")),
        Option("game_hands", "Hands per game", "Play this many hands, highest score wins (0: play to the target).", low=0, high=50),
        # -- the saving meld of the declaring side; two-handed, the Hoyle readings --
        Option("declarer_meld_needs", "Declarer's saving meld", "What the declaring side must take in tricks for its meld to count toward the bid: nothing, a trick, or any trick points.", (MeldNeeds.NONE, MeldNeeds.TRICK, MeldNeeds.POINTS), variants=AUCTION_VARIANTS),
        Option("turnup_dix_to_dealer", "Turned-up dix", "A nine of trumps turned up scores 10 for the dealer at once and stays there (Hoyle), instead of being exchanged for the first dix melded.", variants=("two_hand",)),
        Option("meld_before_draw", "Meld before drawing", "The winner of a trick melds first, then both draw (Hoyle), instead of drawing first and then melding.", variants=("two_hand",)),
        # -- the variations of the double-deck rules --
        Option("bid_rounds", "Bidding rounds", "The bidding goes round the table only this often: each player speaks at most once or twice, and the highest bid then wins (0: until all but one pass).", low=0, high=2, variants=AUCTION_VARIANTS),
        Option("pass_before_trump", "Pass before trump", "With card passing, the partners pass cards before the declarer names trump.", variants=PASSING_VARIANTS),
        Option("marriage_after_pass", "Marriage after the pass", "With card passing and a marriage needed for trump: the declarer names any suit, and needs the marriage in it only after the passing.", variants=PASSING_VARIANTS),
        # -- a house rule --
        Option("first_bid_forced", "First bid forced", "The player left of the dealer may not pass at the first turn and must open at exactly the minimum bid (no jump); a bid the rules forced says nothing about the hand.", variants=AUCTION_VARIANTS),
    )
}

def _check_structure(rules: Rules) -> None:
    if not isinstance(rules.variant, str) or rules.variant not in VARIANT_STRUCTURE:
        raise RulesError(f"no variant {rules.variant!r}; the variants are: {', '.join(VARIANTS)}")
    for key, fixed in zip(STRUCTURE[1:], VARIANT_STRUCTURE[rules.variant], strict=True):
        value = getattr(rules, key)
        if value != fixed or type(value) is not type(fixed):
            raise RulesError(f"{key!r} is {value!r} but {rules.variant} has {fixed!r} (fixed by the variant)")


def _member(option: Option, value: Any) -> Any:
    """A choice given by its string (read from a file, or ``Rules(play_rule="post_1945")``) as its enum member;
    any other value as it is, for :func:`_check_value` to judge."""
    kind = type(getattr(Rules, option.name))
    if issubclass(kind, StrEnum) and type(value) is str:
        try:
            return kind(value)
        except ValueError:
            return value
    return value


def _choices_as_members(rules: Rules) -> None:
    for name, option in OPTIONS.items():
        value = getattr(rules, name)
        member = _member(option, value)
        if member is not value:
            object.__setattr__(rules, name, member)  # the dataclass is frozen


DOUBLE_DECK_TABLES = (MeldTable.DOUBLE_DECK, MeldTable.MASEK)


def _check(rules: Rules) -> None:
    """Raise :class:`RulesError` for options that cannot go together."""
    r = rules
    if r.double_deck:
        if r.meld_table not in DOUBLE_DECK_TABLES:
            raise RulesError("the double deck needs meld_table 'double_deck' or 'masek'")
        if r.count != Counting.DOUBLE_DECK:
            raise RulesError("the double deck counts tricks with count 'double_deck' (no nines)")
        if r.deal_packet not in (4, 5):
            raise RulesError("the double deck is dealt 4 or 5 cards at a time")
    else:
        if r.meld_table in DOUBLE_DECK_TABLES:
            raise RulesError(f"meld_table '{r.meld_table}' is for the double deck only")
        if r.count == Counting.DOUBLE_DECK:
            raise RulesError("count 'double_deck' is for the double deck only")
        if r.deal_packet != 3:
            raise RulesError("a single deck is dealt 3 cards at a time")
    if r.bonus_melds and r.meld_table == MeldTable.MASEK:
        raise RulesError("the Masek table has its own multiples: the bonus melds go with the double-deck table")
    if (r.meld_table == MeldTable.SEED001) != (r.count == Counting.SEED001):
        raise RulesError("the divided-by-ten meld table and the divided-by-ten count go together")
    if r.auction:
        if r.min_bid % r.bid_step and not r.bid_step_high:
            raise RulesError(f"min_bid {r.min_bid} is not a multiple of bid_step {r.bid_step}")
        if r.max_bid < r.min_bid:
            raise RulesError("max_bid is below min_bid")
        if r.bid_step_high and r.bid_step_high_from < r.min_bid:
            raise RulesError("bid_step_high_from is below min_bid")
    if r.pass_simultaneous and r.pass_cards == 0:
        raise RulesError("pass_simultaneous needs pass_cards above 0")
    if r.variant == "partnership_auction" and r.pass_cards not in (0, 3, 4):
        raise RulesError("the single-deck game passes 0, 3 or 4 cards")
    if r.game_target <= 0 and not r.game_hands:
        raise RulesError("a game needs a target or a number of hands")


def _check_option(variant: str, key: str, value: Any) -> None:
    if key in STRUCTURE:
        raise RulesError(f"{key!r} is fixed by the variant; choose another preset instead")
    option = OPTIONS.get(key)
    if option is None:
        raise RulesError(f"unknown option {key!r}; options are: {', '.join(OPTIONS)}")
    if variant not in option.variants:
        raise RulesError(f"option {key!r} does not apply to {variant} (it is for: {', '.join(option.variants)})")
    _check_value(option, value, applies=True)


def _check_value(option: Option, value: Any, applies: bool) -> None:
    """An option's value: of the option's kind and, where the option applies, among its choices or in range.
    (An option that does not apply to the variant keeps whatever value the preset gives it, 0 for a bid.)"""
    key = option.name
    default = getattr(Rules, key)
    value = _member(option, value)
    if option.choices is not None:
        if not isinstance(value, type(default)) or applies and value not in option.choices:
            raise RulesError(f"option {key!r} must be one of {', '.join(map(str, option.choices))}, not {value!r}")
    elif isinstance(default, bool):
        if not isinstance(value, bool):
            raise RulesError(f"option {key!r} is true or false, not {value!r}")
    elif not isinstance(value, int) or isinstance(value, bool) or applies and not option.low <= value <= option.high:
        raise RulesError(f"option {key!r} must be a whole number from {option.low} to {option.high}, not {value!r}")


PRESETS: dict[str, Rules] = {
    "two_hand": Rules(
        variant="two_hand", players=2, hand_size=12, trump_by=TrumpBy.STOCK, count=Counting.OLD_TIMERS,
        double_values=False, play_rule=PlayRule.MUST_BEAT, min_bid=0, bid_step=0, max_bid=0, pass_cards=0,
        throw_in=False, not_on_board_set=False, meld_needs=MeldNeeds.NONE, dix_saves_itself=False,
        game_target=1200, both_over=BothOver.EXTEND, declare_out=True,
    ),
    "three_hand": Rules(
        variant="three_hand", players=3, hand_size=15, widow_size=3, double_values=False,
        count=Counting.STREAMLINED, play_rule=PlayRule.MUST_BEAT, min_bid=250, pass_cards=0,
        not_on_board_set=False, meld_needs=MeldNeeds.TRICK, declarer_meld_needs=MeldNeeds.TRICK,
        dix_saves_itself=False, game_target=1500, both_over=BothOver.DECLARER,
    ),
    "partnership_turnup": Rules(
        variant="partnership_turnup", trump_by=TrumpBy.TURNUP, count=Counting.OLD_TIMERS,
        play_rule=PlayRule.POST_1945, min_bid=0, bid_step=0, max_bid=0, pass_cards=0, throw_in=False,
        not_on_board_set=False, meld_needs=MeldNeeds.TRICK, dix_saves_itself=False, game_target=1000, both_over=BothOver.EXTEND,
        declare_out=True,
    ),
    "partnership_auction": Rules(),
    "partnership_auction_div10": Rules(
        meld_table=MeldTable.SEED001, count=Counting.SEED001, double_values=False, play_rule=PlayRule.WIN_IF_ABLE,
        min_bid=20, bid_step=1, max_bid=250, not_on_board_set=False, redeal_nines=True, meld_needs=MeldNeeds.POINTS,
        declarer_meld_needs=MeldNeeds.TRICK, dix_saves_itself=False,
        game_target=0, game_hands=5, both_over=BothOver.HIGHEST,
    ),
    "double_deck": Rules(
        variant="double_deck", double_deck=True, hand_size=20, deal_packet=4,
        meld_table=MeldTable.DOUBLE_DECK, double_values=False, count=Counting.DOUBLE_DECK, min_bid=50, bid_step=1,
        bid_step_high=5, bid_step_high_from=60, max_bid=500, pass_cards=0,
        trump_needs_marriage=True, not_on_board_set=False, meld_needs=MeldNeeds.NONE, dix_saves_itself=False,
        game_target=500, both_over=BothOver.DECLARER,
    ),
}

#: The readings the presets do not take, played as hard as the presets by the random tests and the
#: long run of ``python -m engine.bench --hands N``: where the rule books differ (two-handed dix and
#: order, saving meld), the divided-by-ten rule of play in the usual game, the variations of the
#: double-deck rules, Scarne's bonus melds with the double deck, and the house rule of a forced first
#: bid (docs/rules.md, "Where the sources differ").
VARIATIONS: tuple[tuple[Variant, RulesDict], ...] = (
    ("two_hand", {"turnup_dix_to_dealer": True, "meld_before_draw": True}),
    ("two_hand", {"double_values": True, "meld_before_draw": True}),
    ("partnership_auction", {"declarer_meld_needs": MeldNeeds.POINTS}),
    ("partnership_auction", {"play_rule": PlayRule.WIN_IF_ABLE}),
    ("partnership_auction", {"first_bid_forced": True}),
    ("double_deck", {"bid_rounds": 1, "bonus_melds": True}),
    ("double_deck", {"bid_rounds": 2, "pass_cards": 3, "pass_before_trump": True}),
    ("double_deck", {"pass_cards": 3, "marriage_after_pass": True}),
)

#: Each preset in a line, without what depends on its options (the game's end, the lowest bid):
#: :func:`preset_help` adds those from the rules in force.
PRESET_HELP = {
    "two_hand": "Two-handed: 12 cards each and a stock; meld after winning a trick",
    "three_hand": "Three-handed cutthroat: auction for the 3-card widow; each plays alone",
    "partnership_turnup": "Four-handed partnership, trump turned up; no bidding",
    "partnership_auction": "Four-handed partnership auction with card passing, single deck",
    "partnership_auction_div10": "The partnership auction with every score divided by ten",
    "double_deck": "Double-deck partnership: 80 cards, 20 each",
}


def preset_help(rules: Rules) -> str:
    """The line of help on the game ``rules`` describe, its figures those of these rules (a changed target
    says so): "Two-handed: 12 cards each and a stock; meld after winning a trick; game 100."."""
    name = preset_name(rules)
    parts = [PRESET_HELP.get(name, name.replace("_", " ").capitalize())]
    if rules.auction and rules.double_deck:
        parts.append(f"auction from {rules.min_bid}")
    if rules.game_hands:  # a number of hands, whatever the target
        parts.append(f"{rules.game_hands} hands a game")
    else:
        parts.append(f"game {rules.game_target}")
    return "; ".join(parts) + "."


def preset(name: str = "partnership_auction", **overrides: Any) -> Rules:
    """The named preset with some options changed; raises :class:`RulesError` on bad options."""
    try:
        base = PRESETS[name]
    except KeyError:
        raise RulesError(f"no preset {name!r}; choose one of {', '.join(PRESETS)}") from None
    return with_options(base, **overrides)


def with_options(base: Rules, **overrides: Any) -> Rules:
    """``base`` with some options changed, each checked."""
    for key, value in overrides.items():
        _check_option(base.variant, key, value)
    return dataclasses.replace(base, **overrides)  # checked whole by Rules.__post_init__


def rules_from_dict(data: object) -> Rules:
    """Read rules written by :meth:`Rules.to_dict` (a save or a hand record), checking each option."""
    if not isinstance(data, dict):
        raise RulesError(f"not a rule set: variant {data!r} unknown")
    match data:
        case {"variant": str() as variant} if variant in VARIANTS:
            base = PRESETS[variant]
        case _:
            raise RulesError(f"not a rule set: variant {data.get('variant')!r} unknown")
    known = {f.name for f in dataclasses.fields(Rules)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise RulesError(f"unknown option(s) {', '.join(unknown)}")
    for key in STRUCTURE:
        if key in data and data[key] != getattr(base, key):
            raise RulesError(f"{key!r} is {data[key]!r} but variant {variant} has {getattr(base, key)!r}")
    changes = {k: v for k, v in data.items() if k not in STRUCTURE and v != getattr(base, k)}
    for key in changes:
        option = OPTIONS[key]
        if variant not in option.variants:
            # Options of other variants that a preset of this variant carries are kept as they are.
            raise RulesError(f"option {key!r} does not apply to {variant}")
    return with_options(base, **changes)


def preset_name(rules: Rules) -> Variant:
    """The preset a rule set is closest to (the divided-by-ten game has its own name)."""
    if rules.variant == "partnership_auction" and rules.meld_table == MeldTable.SEED001:
        return "partnership_auction_div10"
    return rules.variant
