/** The shared icons (`@sakan/common/ui/Icon`), under the path the islands import. */
export { Icon } from '@sakan/common/ui/Icon'
