import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import { AdminReadsRepository } from "../repositories/admin-reads"
import type { AdminHookDeliveriesQuery, AdminOperationsQuery } from "../types/admin"
import { InternalService } from "../utils/internal-service"

/**
 * The admin's reads that filter, join or count in SQL (repositories/admin-reads.ts): the
 * request log and the hook log with their filters, the service's latest answer, a campaign's
 * audience.
 */
export class AdminReadsService extends InternalService {
  /** Requests to the service, newest first, filtered and paged, with what each is about. */
  @InjectManager()
  async listAdminOperations(query: AdminOperationsQuery, @MedusaContext() sharedContext: Context = {}) {
    return new AdminReadsRepository(this.knex_(sharedContext)).listOperations(query)
  }

  /** Hook deliveries, newest first, filtered by method, outcome and phone, and paged. */
  @InjectManager()
  async listAdminHookDeliveries(query: AdminHookDeliveriesQuery, @MedusaContext() sharedContext: Context = {}) {
    return new AdminReadsRepository(this.knex_(sharedContext)).listHookDeliveries(query)
  }

  /** The latest request the service answered, of any kind; null before the first. */
  @InjectManager()
  async getLatestServiceAnswer(@MedusaContext() sharedContext: Context = {}) {
    return new AdminReadsRepository(this.knex_(sharedContext)).latestAnswer()
  }

  /** The cards a campaign for the whole base would reach. */
  @InjectManager()
  async getCampaignAudience(@MedusaContext() sharedContext: Context = {}) {
    return new AdminReadsRepository(this.knex_(sharedContext)).campaignAudience()
  }
}
