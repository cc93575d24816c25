-- Starting genres so the sign-up genre select has options on a fresh install; admins curate them later.
INSERT INTO "genres" ("label") VALUES
  ('Alternative'), ('Blues'), ('Classical'), ('Country'), ('Electronic'), ('Folk'), ('Hip-Hop'),
  ('Jazz'), ('Latin'), ('Metal'), ('Pop'), ('Punk'), ('R&B'), ('Reggae'), ('Rock'), ('Soul'),
  ('Singer-Songwriter'), ('World')
ON CONFLICT DO NOTHING;
