/** The shared icons (`@sakan/common/ui/Icon`), under the path the account app's screens import. */
export { Icon, type IconName } from '@sakan/common/ui/Icon'
