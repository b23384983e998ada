import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import {
  cardDesign,
  type CardFacts,
  type CardFormat,
  cardInUse,
  cardTexts,
  MOVING_SOURCES,
  textsChanged,
} from "../rules/card-texts"
import { nextLevel, type Program } from "../rules/program"
import { toMinorUnits } from "../../../lib/amounts"
import { OPERATION_PRIORITY } from "../constants"
import { type CardFactsRow, CardTextsRepository } from "../repositories/card-texts"
import { InternalService, type InternalServiceDeps } from "../utils/internal-service"
import type { OutboxService } from "./outbox"
import type { ProgramService } from "./program"

type Deps = InternalServiceDeps & { outboxService: OutboxService; programService: ProgramService }

/** What a holder's card gets now: its texts, and the design a request would give it. */
export type HolderCard = {
  holder_id: string
  level: string | null
  texts: Record<string, string>
  /** What the card was last given. */
  sent: { texts: Record<string, string> | null; level: string | null }
}

/**
 * The card's texts and design (docs/program.md, "On the card"): what a holder's card gets,
 * what it was last given, and the profile update that tells it when a text changed on its own
 * (an order, a credit lapsing, a level pass) and no request setting its values waits already.
 */
export class CardTextsService extends InternalService<Deps> {
  protected readonly outbox_ = this.deps_.outboxService

  /** A holder's facts for the card; `firstName` is the customer's, read by the caller (undefined: not read). */
  private facts_(program: Program, row: CardFactsRow, firstName?: string | null): CardFacts {
    const next = program.tiers.levels.length ? nextLevel(program, row.level) : null
    return {
      level: row.level,
      nextLevel: next?.name ?? null,
      toNextLevel: next ? Math.max(0, toMinorUnits(next.threshold)! - row.spend) : null,
      spend: row.spend,
      expiring:
        row.expiring_amount !== null && row.expiring_at
          ? { amount: row.expiring_amount, expires_at: new Date(row.expiring_at) }
          : null,
      pending: row.pending,
      memberSince: row.member_since ? new Date(row.member_since) : null,
      promo: row.promo,
      firstName: firstName === undefined ? undefined : (firstName ?? row.name),
    }
  }

  /**
   * The card of each holder as a request would give it now. `firstNames` (by holder) fills
   * `firstName`; without it that source is left out.
   */
  @InjectManager()
  async getHolderCards(
    input: { holder_ids: string[]; program: Program; format: CardFormat; first_names?: Map<string, string | null> },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<Map<string, HolderCard>> {
    const { program, format } = input
    const rows = await new CardTextsRepository(this.knex_(sharedContext)).facts(
      input.holder_ids,
      program.tiers.windowDays
    )
    return new Map(
      rows.map((row) => {
        const first = input.first_names ? (input.first_names.get(row.holder_id) ?? null) : undefined
        const texts = cardTexts(program.pass.variables, this.facts_(program, row, first), format)
        return [
          row.holder_id,
          { holder_id: row.holder_id, level: row.level, texts, sent: { texts: row.card_texts, level: row.card_level } },
        ]
      })
    )
  }

  /**
   * Queues a profile update for each holder whose card's moving texts (level, spend, the
   * expiring credit: MOVING_SOURCES) differ from what it was last given, or whose level's
   * design it does not have, unless a request that sets their values waits already (it
   * carries the texts when it goes). One per holder however often it runs: a waiting update
   * is not doubled. Answers how many were queued. The app's catch-up is catchUpDueCards.
   */
  @InjectTransactionManager()
  async queueChangedCards(
    input: { holder_ids: string[]; program: Program; format: CardFormat },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ queued: number }> {
    const { queued } = await this.queueChanged_(input, sharedContext)
    return { queued }
  }

  /**
   * The one catch-up of the cards (docs/architecture.md, "One door for a balance change"): takes
   * at most `limit` holders whose card the balance door marked due, row-locked (one another
   * transaction holds is left for the next look), queues the profile update of each whose
   * texts changed (as queueChangedCards) and clears their mark; a holder still waiting for a
   * request that will carry the values (a balance request, or one that sets them) keeps it,
   * due from now (behind the others), and is caught up once that request is done. The
   * program in force is read here (`in_use`: whether its card shows texts); the caller gives
   * the store's locale and currency (the module cannot read them), or null when it has not
   * read them (no card is caught up then: it asks again with them). When the program's card shows no texts the marks
   * are only cleared. Answers how many were taken, queued and left waiting.
   */
  @InjectTransactionManager()
  async catchUpDueCards(
    input: { format: Omit<CardFormat, "timeZone"> | null; limit?: number },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ in_use: boolean; due: number; queued: number; waiting: number }> {
    const { limit = 100 } = input
    const { program } = await this.deps_.programService.getProgram(sharedContext)
    const repository = new CardTextsRepository(this.knex_(sharedContext))
    if (!cardInUse(program.pass)) {
      // No texts to follow: the marks are only cleared.
      const due = await repository.lockDue(limit * 10)
      await repository.clearDue(due)
      return { in_use: false, due: due.length, queued: 0, waiting: 0 }
    }
    // Without the store's format (a caller that found no texts shown last time) nothing is taken.
    if (!input.format) return { in_use: true, due: 0, queued: 0, waiting: 0 }
    const due = await repository.lockDue(limit)
    if (!due.length) return { in_use: true, due: 0, queued: 0, waiting: 0 }
    const format = { ...input.format, timeZone: program.timeZone }
    const { queued, waiting } = await this.queueChanged_(
      { holder_ids: due, program, format, after_balance: true },
      sharedContext
    )
    await repository.clearDue(due.filter((id) => !waiting.has(id)))
    await repository.deferDue([...waiting])
    return { in_use: true, due: due.length, queued, waiting: waiting.size }
  }

  /**
   * queueChangedCards on the caller's transaction; also answers the holders left waiting for a
   * request. `after_balance`: a holder whose balance request waits waits for it too.
   */
  private async queueChanged_(
    input: { holder_ids: string[]; program: Program; format: CardFormat; after_balance?: boolean },
    sharedContext: Context
  ): Promise<{ queued: number; waiting: Set<string> }> {
    const { program, format } = input
    const waiting = new Set<string>()
    if (!cardInUse(program.pass) || !input.holder_ids.length) return { queued: 0, waiting }
    const rows = await new CardTextsRepository(this.knex_(sharedContext)).facts(
      input.holder_ids,
      program.tiers.windowDays
    )
    let queued = 0
    for (const row of rows) {
      if (row.setting_waits || (input.after_balance && row.balance_waits)) {
        waiting.add(row.holder_id)
        continue
      }
      const texts = cardTexts(program.pass.variables, this.facts_(program, row), format, MOVING_SOURCES)
      const design = cardDesign({
        newCard: false,
        level: row.level,
        designLevel: row.card_level,
        levelTemplates: program.pass.levelTemplates,
      })
      if (!textsChanged(texts, row.card_texts) && !design) continue
      // What moved the texts is money or the merchant (an order, a credit, a level, a program
      // save): class b, not spaced, and a waiting update of the customer's own edits goes along.
      const { created } = await this.outbox_.enqueueProfileSync(
        row.holder_id,
        OPERATION_PRIORITY.follows,
        sharedContext
      )
      if (created) queued++
    }
    return { queued, waiting }
  }

  /** What a request applied gave a holder's card (its texts; the level when it gave a design). */
  @InjectTransactionManager()
  async recordCardSent(
    input: { holder_id: string; texts: Record<string, string>; design_level?: string | null },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await new CardTextsRepository(this.knex_(sharedContext)).recordSent(input)
  }
}
