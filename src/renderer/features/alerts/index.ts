/** Price alerts: the Trade screen's panel, and how main's firings reach the notices. */
export { PriceAlertsPanel } from './PriceAlertsPanel';
export { applyChanged, applyFired, requestAlertEdit, usePriceAlerts } from './alertsStore';
