// A certificate of human review on a running app, made through its own API as a customer and a reviewer would: a
// customer orders and pays (the sandbox's test card), an administrator (its address listed in the server's
// ADMIN_EMAILS) claims and completes the order, and the customer reads the certificate's code. For
// scripts/lighthouse.mjs, which measures /verify/<that code> like any other public page.
const PASSWORD = 'lighthouse-password-long-enough';

/** A tiny cookie jar per account: better-auth's session cookie, sent back with the Origin the API asks for. */
function client(base) {
  const cookies = new Map();
  return async (method, path, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: base,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
}

async function signUp(api, email, firstName, lastName) {
  await api('POST', '/api/identity/sign-up/email', { email, firstName, lastName, name: `${firstName} ${lastName}`, password: PASSWORD });
}

/** Answers the code of a fresh, public, valid certificate. `adminEmail` must be in the server's ADMIN_EMAILS. */
export async function seedCertificate(base, adminEmail) {
  const stamp = Date.now().toString(36);
  const customer = client(base);
  const email = `lighthouse-customer-${stamp}@example.com`;
  await signUp(customer, email, 'Casey', 'Customer');
  const content = 'Our new kettle boils a litre in ninety seconds. It is the quietest kettle we have made.';
  const { id } = await customer('POST', '/api/submissions', {
    content,
    serviceTier: 'polished',
    category: 'blog-post',
    contactName: 'Casey Customer',
    contactEmail: email,
  });
  const { clientSecret } = await customer('POST', '/api/create-payment-intent', { submissionId: id });
  await customer('POST', '/api/payments/sandbox/confirm', { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });

  const admin = client(base);
  await signUp(admin, adminEmail, 'Morgan', 'Whitfield');
  const { reviewVersion } = await admin('POST', `/api/admin/submissions/${id}/claim`);
  await admin('PATCH', `/api/admin/submissions/${id}/review`, {
    version: reviewVersion,
    attachmentMode: 'text',
    reviewedContent: content.replace('ninety', 'about ninety'),
    reviewerNotes: '',
    complete: true,
  });
  const certificate = await customer('GET', `/api/submissions/${id}/certificate`);
  if (typeof certificate?.code !== 'string') throw new Error(`no certificate for order ${id}`);
  return certificate.code;
}
