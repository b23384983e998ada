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

type Deps = InternalServiceDeps & { outboxService: OutboxService }

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
   * is not doubled. Answers how many were queued.
   */
  @InjectTransactionManager()
  async queueChangedCards(
    input: { holder_ids: string[]; program: Program; format: CardFormat },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ queued: number }> {
    const { program, format } = input
    if (!cardInUse(program.pass) || !input.holder_ids.length) return { queued: 0 }
    const rows = await new CardTextsRepository(this.knex_(sharedContext)).facts(
      input.holder_ids,
      program.tiers.windowDays
    )
    let queued = 0
    for (const row of rows) {
      if (row.setting_waits) continue
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
    return { queued }
  }

  /**
   * The card's catch-up of every holder whose balance or values changed in the last
   * `lookback_seconds`, as queueChangedCards (nothing doubled, nothing for an unchanged card):
   * run when a process starts draining, it queues what a process that died between a change
   * and its catch-up left undone (docs/program.md, "On the card"). Pages of `page` holders,
   * each in its own transaction. Answers how many were read and queued.
   */
  async catchUpChangedCards(input: {
    lookback_seconds: number
    program: Program
    format: CardFormat
    page?: number
  }): Promise<{ read: number; queued: number }> {
    const { program, format, page = 500 } = input
    let read = 0
    let queued = 0
    if (!cardInUse(program.pass)) return { read, queued }
    for (let after = ""; ;) {
      const holderIds = await this.changedSince_(input.lookback_seconds, after, page)
      if (!holderIds.length) return { read, queued }
      read += holderIds.length
      queued += (await this.queueChangedCards({ holder_ids: holderIds, program, format })).queued
      after = holderIds.at(-1)!
    }
  }

  @InjectManager()
  private async changedSince_(
    seconds: number,
    after: string,
    limit: number,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<string[]> {
    return new CardTextsRepository(this.knex_(sharedContext)).changedSince(seconds, after, limit)
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
