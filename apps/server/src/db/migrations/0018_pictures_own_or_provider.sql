-- A profile picture is one of our own uploads or an image on a sign-in provider's image host
-- (contract isAllowedPicture); pictures saved before that rule pointed anywhere (tracking pixels,
-- protocol-relative URLs). They are cleared, so no page fetches them any more.
UPDATE users SET pic = ''
 WHERE pic <> ''
   AND pic !~ '^/files/avatars/[0-9]+/[0-9]+_[0-9a-f]{12}\.(png|jpg|gif|webp)$'
   AND pic !~ '^https://([a-z0-9-]+\.)*(googleusercontent\.com|qlogo\.cn)/';
