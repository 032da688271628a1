// The CEP form (features/delivery/DeliveryEstimator) is in a prerendered product page's HTML, usable before the app
// has hydrated. Enter there would submit it the browser's way (a reload with ?cep=, the typing gone). This
// line, inlined in the prerendered <head> beside src/earlyClicks.ts, stops that submit; the field keeps what
// was typed, and the estimator submits it to its machine when React takes the field over. After hydration
// React's own handler prevents the same default, so the listener never needs removing.
import { DELIVERY_FORM_ATTRIBUTE } from './features/delivery/DeliveryEstimator';

export const EARLY_CEP_SCRIPT =
  'document.addEventListener("submit",function(e){var f=e.target;' +
  `if(f&&f.hasAttribute&&f.hasAttribute("${DELIVERY_FORM_ATTRIBUTE}"))e.preventDefault()},true);`;
