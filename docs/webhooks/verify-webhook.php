<?php
// Receive Pesan status webhooks in PHP and verify the Standard Webhooks signature by hand.
// Run: WEBHOOK_SECRET=whsec_... php -S 127.0.0.1:8080 verify-webhook.php
$secret = getenv('WEBHOOK_SECRET'); // the whsec_... secret shown in the console
$body = file_get_contents('php://input'); // the raw body, exactly as sent
$id = $_SERVER['HTTP_WEBHOOK_ID'] ?? '';
$timestamp = $_SERVER['HTTP_WEBHOOK_TIMESTAMP'] ?? '';
$signatures = $_SERVER['HTTP_WEBHOOK_SIGNATURE'] ?? '';

// Refuse old or future timestamps (replays): 5 minutes either way.
if (!ctype_digit($timestamp) || abs(time() - (int) $timestamp) > 300) {
    http_response_code(401);
    exit;
}

// HMAC-SHA256 of "{id}.{timestamp}.{body}" keyed by the base64 bytes after "whsec_".
$key = base64_decode(substr($secret, strlen('whsec_')));
$expected = base64_encode(hash_hmac('sha256', "$id.$timestamp.$body", $key, true));

// The header holds one or more "v1,<signature>" separated by spaces (two during a secret rotation).
$valid = false;
foreach (explode(' ', $signatures) as $signature) {
    $parts = explode(',', $signature, 2);
    if (count($parts) === 2 && $parts[0] === 'v1' && hash_equals($expected, $parts[1])) {
        $valid = true;
        break;
    }
}
if (!$valid) {
    http_response_code(401);
    exit;
}

$event = json_decode($body, true);
// Handle each webhook-id once (retries repeat it); events may arrive out of order: use data.step or data.at.
error_log($event['type'] . ' ' . ($event['data']['message_id'] ?? '') . ' ' . ($event['data']['status'] ?? ''));
http_response_code(204);
