import '@adonisjs/core/types/http'

type ParamValue = string | number | bigint | boolean

export type ScannedRoutes = {
  ALL: {
    'api.health': { paramsTuple?: []; params?: {} }
    'api.rooms.index': { paramsTuple?: []; params?: {} }
    'api.rooms.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.reviews.index': { paramsTuple?: []; params?: {} }
    'api.newsletter.store': { paramsTuple?: []; params?: {} }
    'media.show': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  GET: {
    'api.health': { paramsTuple?: []; params?: {} }
    'api.rooms.index': { paramsTuple?: []; params?: {} }
    'api.rooms.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.reviews.index': { paramsTuple?: []; params?: {} }
    'media.show': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  HEAD: {
    'api.health': { paramsTuple?: []; params?: {} }
    'api.rooms.index': { paramsTuple?: []; params?: {} }
    'api.rooms.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.reviews.index': { paramsTuple?: []; params?: {} }
    'media.show': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  POST: {
    'api.newsletter.store': { paramsTuple?: []; params?: {} }
  }
}
declare module '@adonisjs/core/types/http' {
  export interface RoutesList extends ScannedRoutes {}
}