// The assistant endpoint (`POST /mcp`): its protocol revision, the header that releases its write tools, and the
// tools it offers (names, what they do, whether they change data).

/** The protocol revision the endpoint speaks (seed 000), whatever a client asks for. */
export const MCP_PROTOCOL_VERSION = '2025-06-18';
/** Write tools are withheld unless a request carries this header with the value `true`. */
export const MCP_WRITES_HEADER = 'X-Service-MCP-Writes';

/** A tool: the `/v1` route it calls (`METHOD /v1/path`), or one route per value of its `channel` argument. */
export type McpToolSpec = {
  name: string;
  description: string;
  write?: true;
  route: string | Readonly<Record<string, string>>;
};

/**
 * The console's view of the endpoint (`GET /dashboard/mcp`): where it is, and each tool this build offers with the
 * scopes its route checks (null: decided by the request, as the unified send's `<channel>:send` for each channel named).
 */
export type McpEndpointInfo = {
  url: string; protocolVersion: string; writesHeader: string;
  tools: Array<{ name: string; description: string; write: boolean; scopes: string[] | null }>;
};

const read = (name: string, route: McpToolSpec['route'], description: string): McpToolSpec => ({ name, route, description });
const write = (name: string, route: McpToolSpec['route'], description: string): McpToolSpec => ({ name, route, description, write: true });
const perChannel = (channels: readonly string[], path: string): Record<string, string> =>
  Object.fromEntries(channels.map((channel) => [channel, path.replace('{channel}', channel)]));

/**
 * Every tool, in the order `tools/list` gives them: reads, then writes. The seed names the write tools (unified send,
 * per-channel sends, OTP send and verify, contact block, campaign create/launch/cancel, outbound call, webhook
 * endpoint create, delivery replay) but not the reads; a tool whose route this build does not answer is not offered.
 */
export const MCP_TOOLS: readonly McpToolSpec[] = [
  read('list_contacts', 'GET /v1/contacts', 'List the unified contacts (every channel), newest first; filter and page them.'),
  read('list_contact_notes', 'GET /v1/contacts/:id/notes', "List a contact's notes."),
  read('list_email_templates', 'GET /v1/email/templates', 'List the email templates.'),
  read('get_email_template', 'GET /v1/email/templates/:id', 'One email template with its subject and HTML.'),
  read('list_email_contacts', 'GET /v1/email/contacts', 'List the email contacts (subscribers), optionally searched.'),
  read('list_whatsapp_templates', 'GET /v1/whatsapp/templates', 'List the WhatsApp templates, by status and category.'),
  read('list_whatsapp_logs', 'GET /v1/whatsapp/logs', 'List WhatsApp messages sent and received, with filters.'),
  read('get_whatsapp_message', 'GET /v1/whatsapp/messages/:wamid', 'One WhatsApp message by its wamid, with its status.'),
  read('get_whatsapp_conversation', 'GET /v1/whatsapp/conversations/by-phone', 'The most recent WhatsApp messages with a phone number, oldest first.'),
  read('list_sms_templates', 'GET /v1/sms/templates', 'List the SMS (DLT) templates.'),
  read('list_sms_senders', 'GET /v1/sms/senders', 'List the SMS sender ids.'),
  read('list_sms_logs', 'GET /v1/sms/logs', 'List SMS messages sent and received, with filters.'),
  read('get_sms_stats', 'GET /v1/sms/stats', 'SMS delivery statistics over a period.'),
  read('list_rcs_bots', 'GET /v1/rcs/bots', 'List the RCS bots.'),
  read('list_rcs_templates', 'GET /v1/rcs/templates', 'List the RCS templates.'),
  read('list_rcs_logs', 'GET /v1/rcs/logs', 'List RCS messages.'),
  read('get_rcs_stats', 'GET /v1/rcs/stats', 'RCS delivery statistics over a period.'),
  read('get_instagram_profile', 'GET /v1/instagram/profile', "The connected Instagram account's profile."),
  read('list_instagram_conversations', 'GET /v1/instagram/conversations', 'List the Instagram direct-message conversations.'),
  read('get_instagram_insights', 'GET /v1/instagram/insights', "The Instagram account's insights."),
  read('list_otp_logs', 'GET /v1/otp/logs', 'List one-time-password requests and their outcome.'),
  read('get_otp_analytics', 'GET /v1/otp/analytics', 'One-time-password totals and success rate, by channel.'),
  read('list_campaigns', perChannel(['whatsapp', 'sms', 'rcs', 'email'], 'GET /v1/{channel}/campaigns'), "List a channel's campaigns."),
  read('get_campaign', perChannel(['whatsapp', 'sms', 'rcs'], 'GET /v1/{channel}/campaigns/:id'), 'One campaign with its counts.'),
  read('get_whatsapp_campaign_analytics', 'GET /v1/whatsapp/campaigns/:id/analytics', "A WhatsApp campaign's delivery and read rates."),
  read('list_webhook_event_types', 'GET /v1/webhooks/events', 'The event types a webhook endpoint can subscribe to.'),
  read('list_webhook_endpoints', 'GET /v1/webhooks', 'List the webhook endpoints.'),
  read('get_webhook_endpoint', 'GET /v1/webhooks/:id', 'One webhook endpoint.'),
  read('list_webhook_deliveries', 'GET /v1/webhooks/:id/deliveries', "List an endpoint's deliveries, by status."),
  read('get_webhook_delivery', 'GET /v1/webhooks/deliveries/:deliveryId', 'One webhook delivery with its attempts.'),
  read('search_shopify_products', 'GET /v1/shopify/products/search', "Search the store's products by title, tags, vendor or type."),
  read('list_shopify_product_types', 'GET /v1/shopify/products/types', "The store's product types."),
  read('get_shopify_product', 'GET /v1/shopify/products/:id', 'One product with its variants, options and description.'),
  read('list_shopify_collections', 'GET /v1/shopify/collections', "The store's collections."),
  read('list_shopify_collection_products', 'GET /v1/shopify/collections/:id/products', "A collection's products."),
  read('get_shopify_order_status', 'GET /v1/shopify/orders/status', "An order's status, by order number or customer email."),
  read('get_shopify_customer_orders', 'GET /v1/shopify/customers/orders', "A customer and their orders, by phone or email."),
  read('validate_shopify_discount', 'GET /v1/shopify/discounts/validate', 'Whether a discount code is valid, and what it gives.'),
  read('list_voice_agents', 'GET /v1/voice/agents', 'List the AI voice agents.'),
  read('get_voice_agent', 'GET /v1/voice/agents/:id', "A voice agent's full configuration."),
  read('list_voice_calls', 'GET /v1/voice/calls', 'List agent-driven calls, by status and direction.'),
  read('get_voice_call', 'GET /v1/voice/calls/:id', 'One call with its transcript, sentiment and summary.'),
  read('get_voice_call_recording', 'GET /v1/voice/calls/:id/recording', "A call's recording link (valid for an hour)."),
  read('get_voice_analytics', 'GET /v1/voice/analytics', 'Call totals, durations, sentiment and cost over a period.'),
  read('list_voice_app_calls', 'GET /v1/voice/app/calls', 'List app calls (app users and phones), newest first; filter by an app user.'),
  read('get_voice_app_call', 'GET /v1/voice/app/calls/:callId', 'One app call: status, parties, duration, cost.'),
  read('get_voice_app_call_recording', 'GET /v1/voice/app/calls/:callId/recording', "An app call's recording link (valid for an hour)."),
  read('get_voice_app_call_transcript', 'GET /v1/voice/app/calls/:callId/transcript', "An app call's transcript: its state and turns."),
  read('list_voice_app_numbers', 'GET /v1/voice/app/numbers', 'The business numbers and where each routes calls.'),
  read('get_voice_app_settings', 'GET /v1/voice/app/settings', 'Whether phone calling is on, with its change history.'),
  read('list_automations', 'GET /v1/automations', 'List the automations.'),
  read('get_automation', 'GET /v1/automations/:id', 'One automation with its trigger and steps.'),
  read('get_automation_node_catalog', 'GET /v1/automations/node-catalog', 'Every trigger and step type with the config fields each takes.'),
  read('list_ai_models', 'GET /v1/ai/models', 'The AI models the account can use, by capability label.'),
  read('list_automation_executions', 'GET /v1/automations/:id/executions', "An automation's runs and each step's outcome."),

  write('send_message', 'POST /v1/messages/send', 'Send on one channel with ordered fallback to others (unified send).'),
  write('send_email', 'POST /v1/email/send', 'Send an email from a template.'),
  write('send_whatsapp_template', 'POST /v1/whatsapp/send-template', 'Send a WhatsApp template message.'),
  write('send_sms', 'POST /v1/sms/send', 'Send an SMS that matches an approved DLT template.'),
  write('send_rcs', 'POST /v1/rcs/send', 'Send an RCS message, with an optional SMS fallback.'),
  write('send_instagram_message', 'POST /v1/instagram/messages', 'Reply to an Instagram user within the 24-hour window.'),
  write('send_otp', 'POST /v1/otp/send', 'Send a one-time password with an OTP widget.'),
  write('verify_otp', 'POST /v1/otp/verify', 'Check a one-time password; answers an access token.'),
  write('block_contact', 'POST /v1/contacts/:id/block', 'Block a contact: every later send to them is refused.'),
  write('create_campaign', perChannel(['whatsapp', 'sms', 'rcs'], 'POST /v1/{channel}/campaigns'), 'Create a campaign (RCS campaigns start when created).'),
  write('launch_campaign', perChannel(['whatsapp', 'sms'], 'POST /v1/{channel}/campaigns/:id/launch'), 'Launch a draft campaign.'),
  write('cancel_campaign', perChannel(['whatsapp', 'sms', 'rcs'], 'POST /v1/{channel}/campaigns/:id/cancel'), 'Cancel a scheduled or running campaign.'),
  write('place_outbound_call', 'POST /v1/voice/calls/outbound', 'Have a voice agent call a number.'),
  write('create_webhook_endpoint', 'POST /v1/webhooks', 'Create a webhook endpoint (https; any *.sim.test URL is the simulator\'s own receiver); answers its signing secret once.'),
  write('replay_webhook_delivery', 'POST /v1/webhooks/deliveries/:deliveryId/replay', 'Deliver a webhook event again.'),
];
