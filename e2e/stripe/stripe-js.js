// A stand-in for Stripe.js (https://docs.stripe.com/js), served by the browser tests in place of
// https://js.stripe.com/<release>/stripe.js. It follows the documented calls the card field makes: Stripe(key),
// stripe.elements({ mode, amount, currency, … }), elements.create('payment', …), element.on('ready'),
// element.mount(node), element.destroy(), elements.update(), elements.submit(),
// stripe.createPaymentMethod({ elements, params }) and stripe.handleNextAction({ clientSecret }).
// Its card fields are plain inputs (Stripe's are in a frame). A card number becomes one of Stripe's test
// PaymentMethods, as in test mode: 4242… pm_card_visa, 4000 0000 0000 0002 pm_card_chargeDeclined,
// 4000 0027 6000 3184 pm_card_authenticationRequired. 3-D Secure shows Stripe's test page (Complete / Fail), whose
// answer goes to https://api.stripe.com/_stand_in/authenticate (the tests route it to the Stripe stand-in).
(() => {
  const TEST_CARDS = {
    4242424242424242: 'pm_card_visa',
    4000000000000002: 'pm_card_chargeDeclined',
    4000002760003184: 'pm_card_authenticationRequired',
  };
  const validation = (code, message) => ({ error: { type: 'validation_error', code, message } });

  function Stripe(publishableKey) {
    if (!/^pk_/.test(publishableKey)) throw new Error('Invalid publishable key');
    return {
      elements(options) {
        const inputs = {};
        return {
          options,
          async update(changes) {
            Object.assign(options, changes);
          },
          async submit() {
            const number = (inputs.number?.value ?? '').replace(/\s/g, '');
            if (number.length < 16) return validation('incomplete_number', 'Your card number is incomplete.');
            if (!/^\d{2} ?\/ ?\d{2}$/.test(inputs.expiry?.value ?? ''))
              return validation('incomplete_expiry', "Your card's expiry date is incomplete.");
            if (!/^\d{3,4}$/.test(inputs.cvc?.value ?? ''))
              return validation('incomplete_cvc', "Your card's security code is incomplete.");
            return {};
          },
          create(type) {
            if (type !== 'payment') throw new Error(`Unsupported element ${type}`);
            const handlers = {};
            let root = null;
            return {
              on(event, handler) {
                handlers[event] = handler;
              },
              mount(node) {
                root = document.createElement('div');
                root.className = 'stripe-stand-in';
                for (const [key, label] of [
                  ['number', 'Card number'],
                  ['expiry', 'Expiration date'],
                  ['cvc', 'Security code'],
                ]) {
                  const field = document.createElement('label');
                  field.textContent = label;
                  field.style.display = 'block';
                  const input = document.createElement('input');
                  input.inputMode = 'numeric';
                  input.style.display = 'block';
                  field.append(input);
                  root.append(field);
                  inputs[key] = input;
                }
                node.append(root);
                setTimeout(() => handlers.ready?.(), 0);
              },
              destroy() {
                root?.remove();
              },
            };
          },
          inputs,
        };
      },
      async createPaymentMethod({ elements }) {
        const number = (elements.inputs.number?.value ?? '').replace(/\s/g, '');
        const id = TEST_CARDS[number];
        if (!id)
          return {
            error: {
              type: 'card_error',
              code: 'incorrect_number',
              message: 'Your card number is incorrect.',
            },
          };
        return { paymentMethod: { id, object: 'payment_method', type: 'card' } };
      },
      handleNextAction({ clientSecret }) {
        return new Promise((resolve) => {
          const page = document.createElement('div');
          page.setAttribute('role', 'dialog');
          page.setAttribute('aria-modal', 'true');
          page.setAttribute('aria-label', '3D Secure 2 Test Page');
          page.style.cssText =
            'position:fixed;inset:10%;background:#fff;border:1px solid #888;padding:1rem;z-index:2147483647';
          const heading = document.createElement('p');
          heading.textContent = '3D Secure 2 Test Page';
          page.append(heading);
          const answer = async (approve) => {
            page.remove();
            const reply = await fetch('https://api.stripe.com/_stand_in/authenticate', {
              method: 'POST',
              body: JSON.stringify({ client_secret: clientSecret, approve }),
            });
            if (!reply.ok || !approve)
              resolve({
                error: {
                  type: 'invalid_request_error',
                  code: 'payment_intent_authentication_failure',
                  message: 'We are unable to authenticate your payment method.',
                },
              });
            else resolve({ paymentIntent: { id: clientSecret.split('_secret_')[0], status: 'succeeded' } });
          };
          for (const [label, approve] of [
            ['Complete', true],
            ['Fail', false],
          ]) {
            const button = document.createElement('button');
            button.type = 'button';
            button.textContent = label;
            button.addEventListener('click', () => void answer(approve));
            page.append(button);
          }
          document.body.append(page);
          page.querySelector('button').focus();
        });
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
