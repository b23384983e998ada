import { model } from "@medusajs/framework/utils"

/**
 * One saved version of the loyalty program (docs/program.md): the program as validated
 * (program.ts), who saved it and how many holders it moved between levels. The highest
 * version is the program in force; none saved: plugin option `program`.
 */
export const WalletPassProgramVersion = model
  .define("wallet_pass_program_version", {
    id: model.id({ prefix: "wpprog" }).primaryKey(),
    version: model.number(),
    program: model.json(),
    actor: model.text().nullable(),
    // Holders the save moved between levels: { total, moves: [{ from, to, count }] }.
    moved: model.json().nullable(),
  })
  .indexes([{ on: ["version"], unique: true }])
