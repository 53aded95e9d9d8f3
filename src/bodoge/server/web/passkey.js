// WebAuthn in the browser: the server's options (JSON, binary fields as base64url) into what
// navigator.credentials.create/get take, and their answers back into JSON for the server.
const toBytes = (text) => {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
};

const toText = (buffer) => {
  const bytes = new Uint8Array(buffer);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

const descriptors = (list) => (list || []).map((each) => ({ ...each, id: toBytes(each.id) }));

// An IP address cannot be a WebAuthn relying party id: such a page (http://127.0.0.1:8000) must
// be opened by a name (http://localhost:8000, https://...) for passkeys.
export const byAddress = () => /^[\d.]+$|^\[?[\da-f]*:[\da-f:.]*\]?$/i.test(location.hostname);

export const supported = () =>
  typeof window.PublicKeyCredential === "function" && window.isSecureContext && !byAddress();

export async function create(options) {
  const publicKey = {
    ...options,
    challenge: toBytes(options.challenge),
    user: { ...options.user, id: toBytes(options.user.id) },
    excludeCredentials: descriptors(options.excludeCredentials),
  };
  const made = await navigator.credentials.create({ publicKey });
  return {
    id: made.id,
    rawId: toText(made.rawId),
    type: made.type,
    response: {
      clientDataJSON: toText(made.response.clientDataJSON),
      attestationObject: toText(made.response.attestationObject),
      transports: made.response.getTransports?.() || [],
    },
    clientExtensionResults: made.getClientExtensionResults?.() || {},
    authenticatorAttachment: made.authenticatorAttachment || undefined,
  };
}

export async function get(options) {
  const publicKey = {
    ...options,
    challenge: toBytes(options.challenge),
    allowCredentials: descriptors(options.allowCredentials),
  };
  const used = await navigator.credentials.get({ publicKey });
  const response = used.response;
  return {
    id: used.id,
    rawId: toText(used.rawId),
    type: used.type,
    response: {
      clientDataJSON: toText(response.clientDataJSON),
      authenticatorData: toText(response.authenticatorData),
      signature: toText(response.signature),
      userHandle: response.userHandle ? toText(response.userHandle) : undefined,
    },
    clientExtensionResults: used.getClientExtensionResults?.() || {},
    authenticatorAttachment: used.authenticatorAttachment || undefined,
  };
}
