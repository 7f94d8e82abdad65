/** The shared icons (`@sakan/common/ui/Icon`), under the names the application screens import. */
export { Icon as ExtraIcon, type IconName as ExtraIconName } from '@sakan/common/ui/Icon'
