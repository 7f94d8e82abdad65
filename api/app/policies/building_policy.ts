import CatalogWritePolicy from '#policies/catalog_write_policy'

/** Who may write a building: the administrator (create, update, delete). */
export default class BuildingPolicy extends CatalogWritePolicy {}
