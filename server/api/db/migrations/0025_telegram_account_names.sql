-- The linked Telegram account's own username and name, as Telegram last sent them. The profile's
-- username and name are the reader's to edit; the account page names the Telegram account itself.
ALTER TABLE users ADD COLUMN telegram_username text;
ALTER TABLE users ADD COLUMN telegram_name text;

-- Accounts that signed up with Telegram took their profile from it: the best record there is.
UPDATE users SET telegram_username = username, telegram_name = trim(first_name || ' ' || coalesce(last_name, ''))
 WHERE telegram_id IS NOT NULL AND auth_method = 'telegram' AND deleted_at IS NULL;
