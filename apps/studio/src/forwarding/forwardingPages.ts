// The event forwarding pages, as one lazy chunk (App.tsx): only edge properties open them.
export { default as DeliveriesPage } from "./DeliveriesPage.tsx";
export { default as DeliveryDetail } from "./DeliveryDetail.tsx";
export { default as ForwardingSettingsPage } from "./ForwardingSettingsPage.tsx";
