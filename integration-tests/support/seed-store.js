// The storefront seed shared by the HTTP tests (through store.ts), `npm run dev`
// (scripts/dev/seed.ts), the benchmarks and the fault suite (scripts/bench/lib/seed-exec.js).
// Plain CommonJS on purpose: the benchmarks copy it into a store app that has no TypeScript
// loader, where it must resolve that app's own @medusajs packages. Types: seed-store.d.ts.
const { ContainerRegistrationKeys, Modules } = require("@medusajs/framework/utils")
const {
  createApiKeysWorkflow,
  createInventoryLevelsWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateStoresWorkflow,
} = require("@medusajs/medusa/core-flows")

/** Medusa's default manual fulfillment provider and system payment provider. */
const FULFILLMENT_PROVIDER_ID = "manual_manual"
const PAYMENT_PROVIDER_ID = "pp_system_default"

/**
 * Creates a storefront in one currency: region (with the manual payment provider and a tax
 * region without rates, so tax is 0), sales channel, stock location with plenty of stock,
 * a published product with one variant at `itemPrice`, shipping profile + fulfillment set +
 * service zone + a flat shipping option at `shippingPrice`, and a publishable key linked to
 * the sales channel. The store's default currency becomes `currencyCode`; with
 * `defaultRegion`, the region becomes the store's default region too (phones written without
 * a country code are then read in its country: docs/operations.md). Names start with `label`
 * ("Test webshop", "Test product", ...).
 */
async function seedStore(container, options = {}) {
  const currencyCode = (options.currencyCode ?? "eur").toLowerCase()
  const countryCode = (options.countryCode ?? "de").toLowerCase()
  const label = options.label ?? "Test"
  const prices = { item: options.itemPrice ?? 100, shipping: options.shippingPrice ?? 10 }
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)

  const {
    result: [salesChannel],
  } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: `${label} webshop` }] },
  })

  const [store] = await container.resolve(Modules.STORE).listStores({}, { select: ["id"] })
  if (store) {
    await updateStoresWorkflow(container).run({
      input: {
        selector: { id: store.id },
        update: {
          supported_currencies: [{ currency_code: currencyCode, is_default: true }],
          default_sales_channel_id: salesChannel.id,
        },
      },
    })
  }

  const {
    result: [region],
  } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        {
          name: `${label} region (${currencyCode})`,
          currency_code: currencyCode,
          countries: [countryCode],
          payment_providers: [PAYMENT_PROVIDER_ID],
        },
      ],
    },
  })
  await createTaxRegionsWorkflow(container).run({ input: [{ country_code: countryCode, provider_id: "tp_system" }] })
  if (store && options.defaultRegion) {
    await updateStoresWorkflow(container).run({
      input: { selector: { id: store.id }, update: { default_region_id: region.id } },
    })
  }

  const {
    result: [location],
  } = await createStockLocationsWorkflow(container).run({
    input: {
      locations: [
        {
          name: `${label} warehouse`,
          address: { address_1: "Lagerstr. 1", city: "Berlin", country_code: countryCode },
        },
      ],
    },
  })
  await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: location.id, add: [salesChannel.id] } })

  const {
    result: [shippingProfile],
  } = await createShippingProfilesWorkflow(container).run({
    input: { data: [{ name: `${label} shipping profile`, type: "default" }] },
  })
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const fulfillmentSet = await fulfillment.createFulfillmentSets({
    name: `${label} delivery`,
    type: "shipping",
    service_zones: [{ name: `${label} zone`, geo_zones: [{ type: "country", country_code: countryCode }] }],
  })
  await link.create([
    {
      [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
      [Modules.FULFILLMENT]: { fulfillment_provider_id: FULFILLMENT_PROVIDER_ID },
    },
    {
      [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
      [Modules.FULFILLMENT]: { fulfillment_set_id: fulfillmentSet.id },
    },
  ])
  const {
    result: [shippingOption],
  } = await createShippingOptionsWorkflow(container).run({
    input: [
      {
        name: "Standard shipping",
        price_type: "flat",
        provider_id: FULFILLMENT_PROVIDER_ID,
        service_zone_id: fulfillmentSet.service_zones[0].id,
        shipping_profile_id: shippingProfile.id,
        type: { label: "Standard", description: "Ships in 2-3 days", code: "standard" },
        prices: [
          { currency_code: currencyCode, amount: prices.shipping },
          { region_id: region.id, amount: prices.shipping },
        ],
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" },
          { attribute: "is_return", value: "false", operator: "eq" },
        ],
      },
    ],
  })

  const {
    result: [product],
  } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: `${label} product`,
          status: "published",
          shipping_profile_id: shippingProfile.id,
          options: [{ title: "Size", values: ["One size"] }],
          variants: [
            {
              title: "One size",
              sku: `${label.toUpperCase()}-ONE-SIZE`,
              options: { Size: "One size" },
              manage_inventory: true,
              prices: [{ amount: prices.item, currency_code: currencyCode }],
            },
          ],
          sales_channels: [{ id: salesChannel.id }],
        },
      ],
    },
  })
  const variantId = product.variants[0].id
  const {
    data: [variant],
  } = await query.graph({
    entity: "product_variant",
    fields: ["id", "inventory_items.inventory_item_id"],
    filters: { id: variantId },
  })
  const inventoryItemId = variant?.inventory_items?.[0]?.inventory_item_id
  if (!inventoryItemId) {
    throw new Error("seedStore: the variant got no inventory item")
  }
  await createInventoryLevelsWorkflow(container).run({
    input: {
      inventory_levels: [
        { location_id: location.id, inventory_item_id: inventoryItemId, stocked_quantity: 10_000_000 },
      ],
    },
  })

  const {
    result: [publishableKey],
  } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: `${label} webshop`, type: "publishable", created_by: "" }] },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: publishableKey.id, add: [salesChannel.id] } })

  return {
    currencyCode,
    countryCode,
    regionId: region.id,
    salesChannelId: salesChannel.id,
    stockLocationId: location.id,
    shippingProfileId: shippingProfile.id,
    shippingOptionId: shippingOption.id,
    productId: product.id,
    variantId,
    publishableKey: publishableKey.token,
    prices,
  }
}

module.exports = { seedStore, PAYMENT_PROVIDER_ID }
