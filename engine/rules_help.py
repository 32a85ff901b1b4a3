r"""The rules the GUI shows, generated from the rules in force, as typed blocks and as plain text.

Every number here is read from the same data the engine plays by: the :class:`~engine.rules.Rules`
value, the meld table of :mod:`engine.meld` and the card values of :mod:`engine.play`. Change an
option and the text changes with it; there is no second copy of the numbers to fall out of step.

:func:`help_blocks` gives the help as a sequence of :data:`Block` values (a :class:`Title`, then for
each section a :class:`Heading` followed by :class:`Paragraph` and :class:`Table` blocks), which the
rules screen lays out as they are; :func:`blocks_text` writes them as plain text (headings underlined,
tables in columns indented by two spaces), and :func:`rules_help` is the two together.

>>> from engine.rules import preset
>>> text = rules_help(preset("partnership_auction", min_bid=300))
>>> "opening bid is 300" in text
True
>>> blocks_text([Title("Game"), Paragraph("Intro."), Heading("Counting"),
...              Table((("A 11", "10 10"),), spacing=3, notes=("a note",))])
'Game\n====\nIntro.\n\nCounting\n--------\n  A 11   10 10\n  a note\n'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import NINE, RANK_LABELS, RANK_LETTERS, RANKS, Card, cards_label, parse_cards
from engine.meld import (
    MULTIPLE_WORDS,
    MeldKind,
    MeldRow,
    MeldRows,
    copies,
    dix_value,
    meld_rows,
    meld_table_rows,
    run_shares_class,
    score_meld,
)
from engine.play import card_values, last_trick_bonus
from engine.rules import (
    OPTIONS,
    AfterStock,
    AllPass,
    BothOver,
    MeldNeeds,
    MeldTable,
    PlayRule,
    Rules,
    TrumpBy,
    preset_help,
    preset_name,
)

TITLES = {
    "two_hand": "Two-handed pinochle",
    "three_hand": "Three-handed cutthroat auction pinochle",
    "partnership_turnup": "Four-handed partnership pinochle, trump turned up",
    "partnership_auction": "Four-handed partnership auction pinochle",
    "partnership_auction_div10": "Four-handed partnership auction pinochle, scores divided by ten",
    "double_deck": "Double-deck partnership pinochle",
}
CLASS_NAMES = {
    MeldKind.SEQUENCE: "runs and marriages",
    MeldKind.MARRIAGE: "marriages",
    MeldKind.PINOCHLE: "pinochles",
    MeldKind.AROUND: "arounds",
    MeldKind.DIX: "the dix",
}
MULTIPLE_HEADS = ("single", "double", "triple", "quadruple")


#: The hand that may call for a new deal (with ``redeal_nines``), and what its holder may do.
REDEAL_HAND = "five or more nines and no aces"
REDEAL_CALL = "You may call for a new deal."
#: Why the declarer may not name a suit (with ``trump_needs_marriage``).
NO_MARRIAGE = "you need a marriage (king and queen) in this suit"


@dataclass(frozen=True)
class Title:
    """The name of the game: the first block of the help."""

    text: str


@dataclass(frozen=True)
class Heading:
    """The heading of a section: the blocks up to the next heading belong to it."""

    text: str


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of running text, wrapped to the room there is."""

    text: str


@dataclass(frozen=True)
class Table:
    """Rows of cells in columns (the first column at the left, the others ending at their right), then notes
    in the table's type, each a paragraph of its own. ``spacing`` is how many spaces part the columns in the
    plain text."""

    rows: tuple[tuple[str, ...], ...]
    spacing: int = 2
    notes: tuple[str, ...] = ()


Block = Title | Heading | Paragraph | Table


def rules_help(rules: Rules) -> str:
    """Plain text: the rules of the game as the engine plays them, in short headed sections."""
    return blocks_text(help_blocks(rules))


def blocks_text(blocks: Sequence[Block]) -> str:
    """The help as plain text: the title underlined with ``=``, each heading with ``-`` after an empty line,
    a paragraph a line, a table's rows and notes indented by two spaces, its columns padded to line up."""
    lines: list[str] = []
    for block in blocks:
        match block:
            case Title(text):
                lines += [text, "=" * len(text)]
            case Heading(text):
                lines += ["", text, "-" * len(text)]
            case Paragraph(text):
                lines.append(text)
            case Table(rows, spacing, notes):
                widths = [max(len(row[i]) for row in rows if i < len(row)) for i in range(max(map(len, rows)))]
                for row in rows:
                    lines.append("  " + (" " * spacing).join(
                        cell.ljust(width) if i == 0 else cell.rjust(width)
                        for i, (cell, width) in enumerate(zip(row, widths, strict=False))))
                lines += ["  " + note for note in notes]
    return "\n".join(lines) + "\n"


def help_blocks(rules: Rules) -> tuple[Block, ...]:
    """The rules of the game as the engine plays them: a title, then headed sections of paragraphs and tables."""
    sections = [
        _title(rules),
        _section("The deal", _deal(rules)),
        _section("Bidding", _bidding(rules)) if rules.auction else [],
        _section("Passing cards", _passing(rules)) if rules.pass_cards and rules.partnerships else [],
        _section("The widow", _widow(rules)) if rules.widow_size else [],
        _section("Trump", _trump(rules)),
        _section("Meld", _meld(rules)),
        _section("Meld during play", _table_meld(rules)) if rules.trump_by == TrumpBy.STOCK else [],
        _section("Play", _play(rules)),
        _section("Counting cards taken in tricks", _counting(rules)),
        _section("Scoring", _scoring(rules)),
        _section("The end of the game", _game_end(rules)),
        _section("House choices", _house(rules)),
    ]
    return tuple(block for section in sections for block in section)


def _section(head: str, parts: Sequence[str | Table]) -> list[Block]:
    """A section: its heading, then each part (a string is a paragraph)."""
    return [Heading(head), *(Paragraph(part) if isinstance(part, str) else part for part in parts)]


def _title(rules: Rules) -> list[Block]:
    name = preset_name(rules)
    lines = [preset_help(rules)]
    changed = rules.changes()
    if changed:
        lines.append("Options changed from the usual rules: " + ", ".join(
            f"{OPTIONS[key].label.lower() if key in OPTIONS else key.replace('_', ' ')} {_word(value)}"
            for key, value in sorted(changed.items())) + ".")
    return [Title(TITLES.get(name, name)), *(Paragraph(line) for line in lines if line)]


#: Option values whose name in the code is no word for the player.
CHOICE_WORDS = {"seed001": "divided by ten"}


def _word(value: object) -> str:
    if value is True:
        return "on"
    if value is False:
        return "off"
    return CHOICE_WORDS.get(str(value), str(value).replace("_", " "))


def _deal(rules: Rules) -> list[str]:
    deck = (f"{len(RANKS) - 1 if rules.double_deck else len(RANKS)} ranks, "
            f"{copies(rules)} of each card: {'80' if rules.double_deck else '48'} cards")
    lines = [
        f"The deck: A 10 K Q J{'' if rules.double_deck else ' 9'} in each suit, {deck}. "
        "In every suit A beats 10 beats K beats Q beats J" + ("" if rules.double_deck else " beats 9") + ".",
        f"{rules.players} players" + (", partners sit across the table" if rules.partnerships else ", each alone")
        + f". Each gets {rules.hand_size} cards, dealt {rules.deal_packet} at a time, clockwise.",
    ]
    if rules.widow_size:
        lines.append(f"{rules.widow_size} cards go face down to the widow.")
    if rules.trump_by == TrumpBy.STOCK:
        lines.append("The next card is turned up for trump; the rest form the stock, laid across it.")
    if rules.trump_by == TrumpBy.TURNUP:
        lines.append("The dealer's last card is turned up: its suit is trump.")
    if rules.redeal_nines:
        lines.append(f"A player with {REDEAL_HAND} may call for a new deal before the bidding.")
    lines.append("The deal passes to the left after each hand.")
    return lines


def _bidding(rules: Rules) -> list[str]:
    bids = rules.next_bids(None)
    shown = ", ".join(map(str, bids[:6])) + (", ..." if len(bids) > 6 else "")
    if rules.first_bid_forced:
        opening = (f"The player left of the dealer must open at exactly {rules.min_bid} and may not pass at that "
                   "first turn (a common house rule; a forced bid says nothing about the hand).")
    else:
        opening = (f"The player left of the dealer bids first, and may pass like anyone else. "
                   f"The opening bid is {rules.min_bid} or more.")
    lines = [f"{opening} The bids on offer are {shown} up to {rules.max_bid}."]
    if rules.bid_step_high:
        lines.append(f"Bids go up by {rules.bid_step} until {rules.bid_step_high_from}; from there on every bid is a "
                     f"multiple of {rules.bid_step_high}.")
    else:
        lines.append(f"Each bid is at least {rules.bid_step} above the last.")
    lines.append("Jump bids are allowed." if rules.jump_bids else "Each bid is exactly one step above the last.")
    lines.append("A pass is final: a player who passes is out of the auction.")
    if rules.bid_rounds:
        times = "once" if rules.bid_rounds == 1 else "twice"
        lines.append(f"The bidding goes round the table {times} only: each player speaks at most {times}, then the "
                     "highest bid wins (a variation of the double-deck rules).")
    if rules.pass_with_help and rules.partnerships:
        lines.append("A player may 'pass with help' to tell the partner of a good hand (the pass is still final).")
    if rules.first_bid_forced:  # somebody always bids: nobody is stuck, no redeal
        pass
    elif rules.all_pass == AllPass.DEALER_STUCK:
        lines.append(f"If everyone else passes, the dealer is stuck with the bid at {rules.min_bid}.")
    else:
        lines.append("If everyone passes, the cards are dealt again.")
    lines.append("The highest bidder is the declarer: names trump" + (", takes the widow" if rules.widow_size else "")
                 + " and leads the first trick.")
    return lines


def _passing(rules: Rules) -> list[str]:
    n = rules.pass_cards
    when = ("Before trump is named (a variation of the double-deck rules)" if rules.pass_before_trump
            else "After trump is named")
    if rules.pass_simultaneous:
        return [f"{when}, the declarer and partner each pass {n} cards to the other at the same time, "
                "face down, before seeing what they receive."]
    return [f"{when}, the declarer's partner passes {n} cards to the declarer, who then passes {n} "
            "cards back (they may include cards just received)."]


def _widow(rules: Rules) -> list[str]:
    lines = [
        f"The declarer shows the {rules.widow_size}-card widow to all, takes it, names trump and melds, "
        f"then buries {rules.widow_size} cards face down. They count for the declarer's tricks.",
    ]
    if rules.strict_bury:
        lines.append("Cards shown in the declarer's meld may not be buried.")
    else:
        lines.append("Any card may be buried, meld cards included (the meld has already been scored).")
    return lines


def _trump(rules: Rules) -> list[str]:
    dix = dix_value(rules)
    if rules.trump_by == TrumpBy.AUCTION:
        lines = ["The declarer names the trump suit."]
        passing = rules.pass_cards and rules.partnerships
        if rules.trump_needs_marriage and passing and rules.marriage_after_pass and not rules.pass_before_trump:
            lines.append("The declarer may name any suit, but must hold a marriage (K and Q) in it once the cards "
                         "are passed (a variation of the double-deck rules). Without one, the hand is not played: "
                         "the declaring side loses its bid and nobody scores meld.")
        elif rules.trump_needs_marriage:
            lines.append("The declarer must hold a marriage (K and Q) in the suit named"
                         + (", after the passing" if passing and rules.pass_before_trump else "")
                         + ". Without one in any suit, the hand is not played: the declaring side loses its bid and "
                         "nobody scores meld.")
        return lines
    if rules.trump_by == TrumpBy.TURNUP:
        return [
            f"The turned-up card's suit is trump. If it is a nine (the dix) the dealer scores {dix}.",
            "From the dealer's left, each player holding the dix may exchange it for the turned-up card, which ends "
            f"in that player's hand while the dix goes to the dealer. Each original holder of a dix scores {dix} "
            "for it, exchanged or not.",
        ]
    if rules.turnup_dix_to_dealer:
        lines = [f"The turned-up card's suit is trump. If it is the dix, the dealer scores {dix} at once and it stays "
                 "under the stock (Hoyle's rule).",
                 "The first dix melded is exchanged for the turned-up card (which may be used in meld at once)."]
    else:
        lines = ["The turned-up card's suit is trump.",
                 "The first dix melded is exchanged for the turned-up card, even if that is the other dix (John Hay's "
                 "rule); the card taken may be used in meld at once."]
    lines.append("Each nine of trumps scores once a hand, whoever ends up holding it: a dix drawn again from under "
                 "the stock scores no more.")
    return lines


def meld_and_draw_order(rules: Rules) -> str:
    """Two-handed: what happens after each trick while the stock lasts, in the order the rules in force say."""
    if rules.meld_before_draw:
        return ("After each trick the winner may lay one meld, then both draw a card from the stock, the winner "
                "first (Hoyle's order).")
    return ("After each trick both draw a card from the stock, the winner first; then the winner may lay one meld "
            "(John Hay's order).")


def _meld_table(rules: Rules) -> Table:
    n = copies(rules)
    rows = [row for row in meld_rows(rules) if row.key != "dix"]
    heads = ("meld", *MULTIPLE_HEADS[:n])
    body: list[tuple[str, ...]] = []
    notes: list[str] = []
    plain = False
    for row in rows:
        cells = [row.key]
        for size in range(1, n + 1):
            listed = row.points[size - 1] if size <= len(row.points) else None
            if listed is not None:
                cells.append(str(listed))
            else:
                value, parts = row.best(size)
                cells.append(f"{value}*")
                if any(p > 1 for p in parts):
                    notes.append(f"{MULTIPLE_HEADS[size - 1]} {row.key} = " + " + ".join(
                        f"{MULTIPLE_HEADS[p - 1]} {row.points[p - 1]}" for p in parts))
                else:
                    plain = True
        body.append(tuple(cells))
    table_notes = []
    dix = dix_value(rules)
    if dix:
        table_notes.append(f"dix (nine of trumps): {dix} each")
    if plain:
        table_notes.append("* not a meld of its own in this table: each copy scores as a single meld.")
    if notes:
        table_notes.append("* not a meld of its own in this table: " + "; ".join(notes) + ".")
    return Table((heads, *body), notes=tuple(table_notes))


def _named_multiples(rows: tuple[MeldRow, ...]) -> list[str]:
    named = []
    for row in rows:
        for size in range(2, len(row.points) + 1):
            if row.points[size - 1] is not None and row.names[size - 1] != MULTIPLE_WORDS[size - 1] + row.key:
                named.append(f"{row.names[size - 1]} ({row.points[size - 1]})")
    return named


def _meld(rules: Rules) -> list[str | Table]:
    rows = meld_rows(rules)
    table = meld_table_rows(rules)
    lines: list[str | Table] = [
        "A run is A 10 K Q J of trumps; a royal marriage K Q of trumps; a marriage K Q of another suit; "
        "a pinochle Q of spades and J of diamonds; an around one card of the rank in each suit.",
        "Values (single, and for several copies of the same meld held at once):",
        _meld_table(rules),
    ]
    named = _named_multiples(rows)
    if named:
        lines.append("Named multiples: " + ", ".join(named) + ".")
    classes = []
    for kind in dict.fromkeys(row.kind for row in rows):
        members = [row.key for row in rows if row.kind == kind]
        if kind != MeldKind.DIX:
            head = CLASS_NAMES.get(kind, kind) if kind != MeldKind.SEQUENCE or run_shares_class(rules) else "runs"
            classes.append(f"{head} ({', '.join(members)})")
    lines.append("Meld falls into classes: " + "; ".join(classes) + ". A card may serve in melds of different "
                 "classes at once (a Q of spades in a marriage, a pinochle and queens around), never in two melds of "
                 "the same class (a K and two Qs make one marriage).")
    if run_shares_class(rules):
        lines.append("A run uses its own K and Q, so it scores no royal marriage besides; a second K and Q of "
                     "trumps beside the run is a royal marriage of its own.")
        if rules.run_extra_marriage:
            lines.append(f"Run with an extra K or Q of trumps: the extra card marries the run's partner card for a "
                         f"royal marriage ({_run_plus(table)}).")
        else:
            lines.append(f"A single extra K or Q of trumps beside a run scores nothing more (run alone "
                         f"{table.run.points[0]}); with both an extra K and an extra Q it is "
                         f"{_run_plus(table)}.")
    else:
        lines.append("The run and the marriages are different classes here: a run's own K and Q also score a royal "
                     f"marriage (a run is worth {table.run.points[0]} + {table.royal_marriage.points[0]}).")
    if rules.trump_by != TrumpBy.STOCK:
        lines.append("Every player lays the meld face up after trump is named (and any passing), scores it, and "
                     "takes the cards back into the hand for the play. A meld must lie wholly in one player's hand.")
    return lines


def _run_plus(table: MeldRows) -> str:
    return f"run + royal marriage = {(table.run.points[0] or 0) + (table.royal_marriage.points[0] or 0)}"


def _table_meld(rules: Rules) -> list[str]:
    table = meld_table_rows(rules)
    run = table.run.points[0] or 0
    royal = table.royal_marriage.points[0] or 0
    pinochle = table.pinochle.points[0] or 0
    double_pinochle = table.pinochle.points[1] or 2 * pinochle
    roundhouse = ((table.kings.points[0] or 0) + (table.queens.points[0] or 0) + royal
                  + 3 * (table.marriage.points[0] or 0))
    lines = [
        meld_and_draw_order(rules) + " A meld is laid face up and scored at once. Laid cards stay on the table and "
        "may be led or played from there; a played card leaves the table.",
        "At least one card of each new meld comes from the hand. A card on the table may join a later meld only of "
        "another class (a K of a laid marriage may join kings around, never a second marriage).",
    ]
    if rules.remeld_reductions:
        lines.append(f"A royal marriage still on the table completed to a run adds {run - royal}; a pinochle still on "
                     f"the table doubled adds {double_pinochle - pinochle}.")
    else:
        lines.append(f"A royal marriage still on the table completed to a run scores the full {run}; a pinochle still "
                     f"on the table doubled scores the full {double_pinochle}.")
    doubled = []
    for row in (row for row in table.all if row is table.run or row.kind == MeldKind.AROUND):
        double = row.points[1] if len(row.points) > 1 else None
        if double is not None:
            adds = double - (row.points[0] or 0) if rules.remeld_reductions else double
            doubled.append(f"{row.names[1]} {double} (adds {adds})")
    if doubled:
        lines.append("A run or an around still on the table, laid again beside itself, completes the double: "
                     + ", ".join(doubled) + ".")
    lines += [
        f"Once a pinochle is broken up (a card of it played), a second one scores only {pinochle}.",
        f"K and Q of every suit (a roundhouse) may be laid at once for {roundhouse}; laid around a run's own K and Q "
        f"it scores {roundhouse - royal}.",
        f"The dix is laid alone from the hand ({dix_value(rules)}).",
        "With one face-down card and the trump card left in the stock, the trick's winner chooses which to take"
        + ("; the meld comes before that draw, and there is none after it." if rules.meld_before_draw
           else "; the winner may still meld after that draw."),
        "When the stock is gone, all laid cards go back to the hands and there is no more melding.",
    ]
    return lines


#: Who leads the first trick, by how trump is made.
FIRST_LEAD = {
    TrumpBy.AUCTION: "The declarer leads the first trick.",
    TrumpBy.TURNUP: "The player left of the dealer leads the first trick.",
    TrumpBy.STOCK: "The non-dealer leads the first trick.",
}


def _play(rules: Rules) -> list[str]:
    lines = [FIRST_LEAD[rules.trump_by], "The highest trump wins the trick, else the highest card of the suit led; of "
             "two identical cards the one played first wins. The winner leads the next trick."]
    must_beat = ("follow suit if able and beat the card now winning the trick if able, even a partner's (once the "
                 "trick is trumped, any card of the suit led will do); void, play a trump, beating the highest trump "
                 "so far if able; void in both, any card")
    post_1945 = ("follow suit if able; void, play a trump if able; only when a trump is led must a player beat the "
                 "highest card so far if able")
    if rules.trump_by == TrumpBy.STOCK:
        lines.append("While the stock lasts the second player may play any card; the winner draws first, then the "
                     "loser.")
        rule = must_beat if rules.phase2_must_win == AfterStock.ALWAYS else post_1945
        lines.append(f"Once the stock is gone: the second player must {rule}.")
    elif rules.play_rule == PlayRule.POST_1945:
        lines.append(f"Each player must {post_1945}.")
    elif rules.play_rule == PlayRule.WIN_IF_ABLE:
        lines.append("Each player must follow suit if able, otherwise may play any card; but whoever holds a card "
                     "that would win the trick must play one, even over a partner (the divided-by-ten rules). A "
                     "player who cannot win may play any card of the suit led, or any card when void: there is no "
                     "forced losing trump.")
    elif rules.play_rule == PlayRule.ALWAYS_WIN:
        lines.append("Each player must try to win every trick: " + must_beat + ".")
    else:
        lines.append(f"Each player must {must_beat}.")
    return lines


def _counting(rules: Rules) -> list[str | Table]:
    values = card_values(rules)
    ranks = [r for r in reversed(RANKS) if not (rules.double_deck and r == NINE)]
    cells = (*(f"{RANK_LABELS[r]} {values[r]}" for r in ranks), f"last trick {last_trick_bonus(rules)}")
    return [
        Table((cells,), spacing=3),
        f"All there is to take in tricks: {rules.trick_total} points.",
    ]


_NEEDS = {
    MeldNeeds.TRICK: "takes at least one trick",
    MeldNeeds.POINTS: "takes points in tricks (a counter or the last trick)",
    MeldNeeds.NONE: "",
}


def _scoring(rules: Rules) -> list[str]:
    lines: list[str] = []
    needs = _NEEDS[rules.meld_needs]
    if rules.trump_by == TrumpBy.STOCK:
        return ["Meld is scored the moment it is laid. At the end of the hand each player adds the points of the "
                "cards taken in tricks."]
    side = "side" if rules.partnerships else "player"
    if rules.auction:
        lines.append(f"The declaring {side} makes the bid if its meld plus trick points reach the bid: it adds both. "
                     + ("Otherwise it is set: it scores nothing and the opponents add the bid to their score."
                        if rules.set_gives_bid else "Otherwise it is set: it scores nothing and loses the bid."))
        if rules.not_on_board_set:
            lines.append(f"If the bid is more than {rules.trick_total} (all the trick points) above the declaring "
                         f"{side}'s meld, it is set at once, without play.")
        if rules.throw_in:
            lines.append(f"After the meld the declarer may throw in the hand: the declaring {side} "
                         + ("gives the bid to the opponents" if rules.set_gives_bid else "loses the bid")
                         + ", the opponents score their meld, and there is no play.")
            if not rules.not_on_board_set:
                lines.append(f"A declaring {side} whose meld is more than {rules.trick_total} below the bid is not "
                             "set automatically: it chooses to throw in or to play on.")
        if needs:
            lines.append(f"An opponent's meld counts only if that {side} {needs}.")
        else:
            lines.append("The opponents' meld always counts.")
        declarer_needs = _NEEDS[rules.declarer_meld_needs]
        if declarer_needs:
            lines.append(f"The declaring {side}'s meld counts toward the bid only if it {declarer_needs}; otherwise "
                         "it is set." + (" (The divided-by-ten rules: a bidding team that took no tricks scores "
                                         "nothing.)" if rules.declarer_meld_needs == MeldNeeds.TRICK else ""))
        else:
            lines.append(f"The declaring {side}'s meld counts toward the bid whatever it takes in tricks (My Family's "
                         "Pinochle: only the opponents must save their meld).")
    else:
        lines.append(f"Each {side} adds its meld and its trick points."
                     + (f" Its meld counts only if it {needs}." if needs else ""))
    if rules.dix_saves_itself and needs:
        lines.append(f"A {side} whose only meld is one or both nines of trumps (the dix) keeps it even so: a dix saves "
                     "itself. Beside any other meld the dix does not save it.")
    return lines


def _game_end(rules: Rules) -> list[str]:
    lines: list[str] = []
    if rules.game_hands:
        lines.append(f"A game is {rules.game_hands} hands; the highest score then wins.")
    if rules.game_target > 0 and not rules.game_hands:
        lines.append(f"The first to {rules.game_target} points wins.")
        lines.append({
            BothOver.DECLARER: "If several reach it on the same hand, the declaring side wins.",
            BothOver.EXTEND: "If several reach it on the same hand, nobody wins yet: at least one more hand is played, "
                             "to a target 250 higher; if that happens again, 250 more again, and so on (Bicycle's "
                             "rules).",
            BothOver.HIGHEST: "If several reach it on the same hand, the highest score wins.",
        }[rules.both_over])
    if rules.declare_out:
        turns = {TrumpBy.STOCK: "a card to play, a meld to lay after winning a trick, the choice of the last two cards",
                 TrumpBy.TURNUP: "the dix exchange, a card to play"}.get(rules.trump_by, "any decision")
        lines.append(f"Declaring out: at any of the player's own decisions ({turns}) a player may claim to have "
                     f"reached {rules.game_target}. Play stops and the points are counted: right wins the game, wrong "
                     "loses it."
                     + (" Meld of the current hand counts only once the side has won a trick."
                        if rules.trump_by != TrumpBy.STOCK else ""))
    return lines


def _house(rules: Rules) -> list[str]:
    lines = ["Where the rule books are silent, this game plays as follows."]
    lines.append("A run in a suit other than trumps scores only its marriage; tens around score nothing.")
    lines.append("When the same cards can be melded in more than one way, the meld is scored the best way.")
    if rules.run_extra_marriage and run_shares_class(rules):
        lines.append("A run lends its K or Q to one royal marriage at most.")
    rows = meld_rows(rules)
    missing = [row.key for row in rows if any(p is None for p in row.points[: copies(rules)])]
    if missing and rules.meld_table == MeldTable.MASEK:
        lines.append("The Masek table lists no quadruple run or arounds: four of them score as a triple plus a "
                     "single.")
    elif missing:
        lines.append("Where a multiple has no value of its own, each copy scores as a single meld (two runs: twice "
                     "the run).")
    if rules.bonus_melds and rules.double_deck:
        run = meld_table_rows(rules).run
        lines.append("The bonus melds are those of 'Pinochle with its Many Variations', at the double deck's "
                     f"scale (a tenth: its double run 1500 is this table's {run.points[1]}). That book gives a "
                     "triple run less than a double run and a run, "
                     f"so three runs score {run.best(3)[0]} and four {run.best(4)[0]}, the best sum of listed melds.")
    if rules.meld_table == MeldTable.SEED001:
        lines.append("The divided-by-ten table carries its own double values; the bonus-meld and run-with-extra "
                     "options do not change it.")
    if rules.trump_by == TrumpBy.STOCK:
        lines.append("When a card lies twice on the table, playing it takes the copy whose loss breaks the fewest "
                     "laid melds.")
        doubles = [row.names[1] for row in rows if len(row.points) > 1 and row.points[1] is not None]
        lines.append("A meld of two copies with a value of its own (" + ", ".join(doubles) + ") may be laid at "
                     "once, or completed beside a single one still on the table; other doubles are laid as two "
                     "single melds, one per turn.")
    if rules.auction and rules.all_pass == AllPass.DEALER_STUCK and not rules.first_bid_forced:
        lines.append("The dealer stuck at the minimum bid plays the hand like any declarer.")
    return lines


# -- the welcome tour: the main ideas of the game in force, a page at a time ------------------------------


@dataclass(frozen=True)
class TourPage:
    """One page of the welcome tour: a heading, its text, and cards to show with a caption."""

    title: str
    text: str
    cards: tuple[Card, ...] = ()
    caption: str = ""


#: The tour's short form of each rule of play, to follow "you must" or start a sentence.
PLAY_RULE_SHORT = {
    PlayRule.MUST_BEAT: "follow suit if you can and beat the winning card if you can; with no card of the suit led, "
    "play a trump if you have one",
    PlayRule.POST_1945: "follow suit if you can, or else play a trump; you must beat the winning card only when trumps "
    "are led",
    PlayRule.ALWAYS_WIN: "every player must try to win every trick: follow suit and beat the winning card, or trump",
    PlayRule.WIN_IF_ABLE: "follow suit if you can, or else play any card; but if you hold a card that wins the trick, "
    "you must play one",
}
RANK_WORDS = {"A": "aces", "T": "tens", "K": "kings", "Q": "queens", "J": "jacks", "9": "nines"}
SPADES = 0


def tour_pages(rules: Rules) -> list[TourPage]:
    """The welcome tour of the game ``rules`` describe: the game, bidding or trump, meld, tricks."""
    return [_tour_game(rules), _tour_trump(rules), _tour_meld(rules), _tour_tricks(rules)]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _tour_game(rules: Rules) -> TourPage:
    name = preset_name(rules)
    title = TITLES.get(name, name)
    goal = f"{rules.game_hands} hands, highest score" if rules.game_hands else f"first to {rules.game_target} points"
    if rules.partnerships:
        seats = "You play with the partner across the table against the other two."
    else:
        seats = "You play against one opponent." if rules.players == 2 else "You play against the other two."
    side = "side" if rules.partnerships else "player"
    nine = "" if rules.double_deck else " 9"
    times = "twice" if copies(rules) == 2 else f"{copies(rules)} times"
    return TourPage(
        "Welcome to Pinochle",
        f"You are about to play {title[:1].lower() + title[1:]}. {preset_help(rules)} {seats} "
        f"A game goes on until one {side} wins: {goal}. "
        "These pages show the main ideas; the Rules screen has every detail, and these pages again.",
        tuple(parse_cards("AS TS KS QS JS" + (" 9S" if nine else ""))),
        f"The pinochle deck: A 10 K Q J{nine} of every suit, {times}.",
    )


def _tour_trump(rules: Rules) -> TourPage:
    if rules.auction:
        step = f"go up by {rules.bid_step}"
        if rules.bid_step_high:
            step += f", from {rules.bid_step_high_from} by {rules.bid_step_high}"
        text = (f"After the deal the players bid for the right to name trumps. Bids open at {rules.min_bid} and "
                f"{step}; a player who passes is out. The highest bidder, the declarer, names trumps and must then "
                "make the bid in meld and tricks together.")
        if rules.trump_needs_marriage:
            text += " The declarer must hold a marriage (king and queen) in the trump suit."
        if rules.widow_size:
            text += (f" The declarer also takes the {rules.widow_size}-card widow and buries {rules.bury_count} "
                     "cards.")
        if rules.pass_cards and rules.partnerships:
            n = rules.pass_cards
            text += (f" The declarer and partner each pass {n} cards to the other at the same time." if
                     rules.pass_simultaneous else
                     f" The declarer's partner passes {n} cards to the declarer, who passes {n} back.")
        return TourPage("Bidding and trumps", text, tuple(parse_cards("AH TH KH QH JH")),
                        "A run in hearts: a hand to bid on, with hearts as trumps")
    if rules.trump_by == TrumpBy.TURNUP:
        text = ("There is no bidding: the dealer's last card is turned up and its suit is trumps. "
                "A player holding the nine of trumps (the dix) may exchange it for the turned-up card.")
    else:
        text = (f"Two players get {rules.hand_size} cards each; the next card, turned up, names trumps, and the rest "
                "is the stock. " + meld_and_draw_order(rules))
    return TourPage("Trumps", text, tuple(parse_cards("QD")), "The turned-up card: diamonds are trumps")


def _tour_meld(rules: Rules) -> TourPage:
    run = parse_cards("AS TS KS QS JS")
    pinochle = parse_cards("QS JD")
    aces = parse_cards("AS AH AD AC")
    examples = "; ".join(f"{cards_label(cards)} scores {score_meld(cards, SPADES, rules).total}"
                         for cards in (run, pinochle, aces))
    kinds = ("runs and marriages of kings and queens, the pinochle (queen of spades and jack of diamonds), and "
             "aces, kings, queens or jacks around, one of each suit.")
    if rules.trump_by == TrumpBy.STOCK:
        how = ("There is no meld before the play: whoever wins a trick while the stock lasts may lay one meld from "
               "the hand, face up, and scores it at once. Laid cards stay on the table and may be played from there. "
               "Melds are ")
    else:
        how = "Before the play every player shows the meld in the hand and scores it: "
    return TourPage("Meld", how + kinds + f" With spades as trumps: {examples}.", tuple(run) + tuple(pinochle),
                    "A run in spades and a pinochle")


def _tour_tricks(rules: Rules) -> TourPage:
    if rules.trump_by == TrumpBy.STOCK:
        rule = PLAY_RULE_SHORT[PlayRule.MUST_BEAT if rules.phase2_must_win == AfterStock.ALWAYS else PlayRule.POST_1945]
        play = f"While the stock lasts, any card may be played. Once it is gone: {rule}."
    else:
        play = _capital(PLAY_RULE_SHORT[rules.play_rule]) + "."
    text = f"{FIRST_LEAD[rules.trump_by]} After that the winner of each trick leads. {play} {_tour_counting(rules)}"
    return TourPage("Tricks", text, tuple(parse_cards("KS AS TS")),
                    "Spades led and no trump played: the ace takes the trick")


def _tour_counting(rules: Rules) -> str:
    values = card_values(rules)
    by_rank = {RANKS[code % len(RANKS)]: value for code, value in enumerate(values)}
    counters = [rank for rank in sorted(by_rank, reverse=True) if by_rank[rank]]
    words = {rank: RANK_WORDS[RANK_LETTERS[rank]] for rank in counters}
    if counters and len({by_rank[rank] for rank in counters}) == 1:
        text = f"In the play, {', '.join(words[r] for r in counters)} count {by_rank[counters[0]]} each"
    else:
        text = "In the play, " + ", ".join(f"{words[r]} {by_rank[r]}" for r in counters)
    bonus = last_trick_bonus(rules)
    if bonus:
        text += f", and the last trick {bonus} more"
    return text + "."
