/* The numbers of the card table (cards.py, RULES §2-§3) as C arrays for the engine's hot loops.
 * They are `static`, so each compiled module has its own copy, which state.pxd's load_card_table()
 * fills from cards.py when the module is imported: the table itself is written only in cards.py. */
#ifndef TOWERS_CARD_TABLE_H
#define TOWERS_CARD_TABLE_H

static int towers_card_rank[10];   /* Might rank; 0 for the King, whose Might is never computed */
static int towers_card_value[10];  /* captured value at the end of a skirmish */
static int towers_card_kob[10];    /* Knight-or-better */
static int towers_deck_full[3];    /* a full fortune deck: how many -1, 0, +1 */

#endif
