/**
 * Word lists and the patterns that combine them into artist names, song titles, album names and short
 * texts for the large demo catalogue. Everything is drawn from a SeededRandom, so a seed always gives the
 * same names.
 */
import type { SeededRandom } from './seeded-random.js';

/** Comma-separated words (some are two words) as a list. */
function list(text: string): string[] {
  return text
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
}

const ADJECTIVES = list(`
  Amber, Ancient, Atomic, Autumn, Bitter, Black, Blue, Bright, Broken, Burning, Candid, Cheap, Cold,
  Copper, Cosmic, Crimson, Crooked, Crystal, Dark, Deep, Distant, Dizzy, Electric, Empty, Endless, Faded,
  False, Final, Floating, Foggy, Forgotten, Fragile, Frozen, Gentle, Ghostly, Glass, Golden, Green, Grey,
  Hazy, Heavy, Hidden, Hollow, Honest, Humble, Idle, Iron, Ivory, Jaded, Kind, Last, Lazy, Little, Lonely,
  Long, Lost, Loud, Lucky, Lunar, Mad, Magnetic, Midnight, Mighty, Modern, Neon, Nervous, Northern, Old,
  Open, Painted, Pale, Paper, Perfect, Plastic, Quiet, Radiant, Rapid, Restless, Rusty, Sacred, Salty,
  Savage, Secret, Silent, Silver, Simple, Sleepy, Slow, Soft, Solar, Southern, Static, Steady, Stolen,
  Strange, Sugar, Sunken, Sweet, Tender, Tiny, Twisted, Velvet, Violet, Wandering, Warm, Wild, Wicked,
  Winter, Wooden, Young
`);

const NOUNS = list(`
  Anchor, Angel, Arrow, Ashes, Avenue, Balloon, Bandit, Beacon, Bell, Bird, Blossom, Bone, Bridge, Canyon,
  Carnival, Castle, Cathedral, Chariot, Cloud, Coast, Comet, Compass, Crow, Crown, Dagger, Dawn, Desert,
  Diamond, Dream, Drum, Dust, Echo, Ember, Engine, Feather, Fever, Field, Fire, Flame, Flower, Forest,
  Fountain, Garden, Ghost, Giant, Harbor, Heart, Highway, Honey, Horizon, Island, Jungle, Kingdom, Lantern,
  Letter, Light, Lion, Machine, Meadow, Mirror, Moon, Morning, Mountain, Ocean, Orchid, Palace, Paradise,
  Parade, Phantom, Pilot, Planet, Prophet, Radio, Rain, Raven, Rebel, River, Rocket, Rose, Sailor,
  Satellite, Season, Shadow, Signal, Siren, Sky, Smoke, Snake, Sparrow, Spirit, Star, Stone, Storm,
  Stranger, Summer, Sun, Thunder, Tide, Tiger, Tower, Train, Traveler, Valley, Velvet, Voyage, Wave,
  Whisper, Wind, Window, Wolf
`);

const PLURALS = list(`
  Arrows, Bandits, Bells, Birds, Brothers, Clouds, Comets, Cowboys, Crows, Daughters, Dreamers, Drifters,
  Echoes, Embers, Foxes, Ghosts, Giants, Hearts, Horses, Hounds, Kings, Lanterns, Lions, Lovers, Machines,
  Monks, Owls, Pilots, Prophets, Queens, Ramblers, Ravens, Rebels, Riders, Rivers, Saints, Sailors,
  Shadows, Sisters, Sparrows, Strangers, Swallows, Tigers, Travelers, Vandals, Waves, Wanderers, Wolves
`);

const FIRST_NAMES = list(`
  Ada, Alex, Amara, Ana, Ben, Billie, Caleb, Carmen, Chloe, Dario, Dev, Eli, Elena, Emma, Ezra, Faye,
  Felix, Grace, Hana, Hugo, Iris, Isaac, Jade, Jamal, Jonah, Jules, Kai, Kira, Leo, Lila, Luca, Mae, Malik,
  Maya, Milo, Nadia, Nina, Noah, Omar, Otis, Paloma, Priya, Quinn, Rafael, Rosa, Ruby, Sam, Sofia, Theo,
  Tomas, Uma, Vera, Wes, Willa, Xavier, Yara, Yusuf, Zane, Zoe, June
`);

const LAST_NAMES = list(`
  Abbott, Alvarez, Baker, Banks, Bishop, Brooks, Carter, Castillo, Chen, Cole, Cruz, Dawson, Diaz, Ellis,
  Evans, Fischer, Flores, Fox, Garcia, Gray, Hale, Hayes, Hill, Ito, James, Jensen, Kim, Klein, Lane,
  Lopez, Marsh, Mendez, Moreau, Nakamura, Nash, Novak, Okafor, Olsen, Park, Patel, Pierce, Quinn, Reyes,
  Rivera, Rossi, Santos, Shaw, Silva, Stone, Sullivan, Tanaka, Torres, Vance, Vega, Walsh, Webb, West,
  Wong, Young, Zhang
`);

const VERBS = list(`
  Burn, Call, Carry, Chase, Come, Dance, Dream, Drive, Fall, Fly, Follow, Hold, Leave, Let, Light, Meet,
  Move, Run, Save, Shine, Sing, Stay, Take, Turn, Wait, Wake, Walk, Wander, Watch, Bring
`);

const PLACES = list(`
  Memphis, Lisbon, Tokyo, Brooklyn, Havana, Berlin, Nashville, Marrakesh, Oakland, Dublin, Detroit, Lagos,
  Montreal, Seoul, Austin, Reykjavik, Kingston, Naples, Santa Fe, Bristol
`);

const TIMES = list(`
  Tonight, Forever, Again, Tomorrow, at Dawn, in July, After Midnight, on Sunday, Someday
`);

const PEOPLE_WORDS = list(`
  You, Me, Us, Her, Him, Them, Everyone, Nobody
`);

const MOODS = list(`
  love, heartbreak, long drives, small towns, city lights, old friends, the sea, leaving home
`);
const INSTRUMENTS = list(`
  guitars, analog synths, a borrowed piano, brass, strings, drum machines, a pedal steel
`);
const ORIGINS = [...PLACES, 'the Pacific Northwest', 'the Midwest', 'the Gulf Coast', 'the Highlands'];

/** A band or artist name, such as 'The Velvet Ravens', 'Nadia Okafor', 'Copper Lantern' or 'Theo & the Wolves'. */
export function makeArtistName(random: SeededRandom): string {
  const shape = random.int(0, 9);
  switch (shape) {
    case 0:
    case 1:
      return `The ${random.pick(ADJECTIVES)} ${random.pick(PLURALS)}`;
    case 2:
    case 3:
      return `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
    case 4:
      return `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}`;
    case 5:
      return `${random.pick(FIRST_NAMES)} & the ${random.pick(PLURALS)}`;
    case 6:
      return `${random.pick(NOUNS)} ${random.pick(NOUNS)}`;
    case 7:
      return `The ${random.pick(NOUNS)} ${random.pick(['Band', 'Club', 'Society', 'Collective', 'Orchestra', 'Project'])}`;
    case 8:
      return `${random.pick(['DJ', 'MC', 'Lil', 'Big', 'Saint', 'Doctor'])} ${random.pick(NOUNS)}`;
    default:
      return `${random.pick(ADJECTIVES)} ${random.pick(PLURALS)} of ${random.pick(PLACES)}`;
  }
}

/** A song title, such as 'Neon River', 'Drive Me Home Tonight' or 'Ghosts of Lisbon'. */
export function makeSongTitle(random: SeededRandom): string {
  const shape = random.int(0, 9);
  switch (shape) {
    case 0:
    case 1:
      return `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}`;
    case 2:
      return `${random.pick(VERBS)} ${random.pick(PEOPLE_WORDS)} ${random.pick(TIMES)}`;
    case 3:
      return `${random.pick(NOUNS)} of ${random.pick(PLACES)}`;
    case 4:
      return `The ${random.pick(NOUNS)} and the ${random.pick(NOUNS)}`;
    case 5:
      return `${random.pick(VERBS)} Like a ${random.pick(NOUNS)}`;
    case 6:
      return `${random.pick(PLACES)} ${random.pick(TIMES)}`;
    case 7:
      return `${random.pick(ADJECTIVES)} ${random.pick(PLURALS)}`;
    case 8:
      return `${random.pick(NOUNS)} ${random.pick(['Song', 'Blues', 'Waltz', 'Lullaby', 'Anthem', 'Serenade', 'Interlude'])}`;
    default:
      return `${random.pick(['All the', 'No More', 'Only', 'Somewhere in the', 'Under the'])} ${random.pick(NOUNS)}`;
  }
}

export function makeAlbumName(random: SeededRandom): string {
  const shape = random.int(0, 4);
  if (shape === 0) return `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}`;
  if (shape === 1)
    return `${random.pick(['Songs from the', 'Tales of the', 'Letters to the', 'Live at the'])} ${random.pick(NOUNS)}`;
  if (shape === 2) return `${random.pick(PLACES)} ${random.pick(['Sessions', 'Tapes', 'Nights', 'Diaries'])}`;
  if (shape === 3) return `${random.pick(NOUNS)} ${random.pick(['EP', 'Vol. 1', 'Vol. 2', 'Deluxe'])}`;
  return `${random.pick(ADJECTIVES)} ${random.pick(PLURALS)}`;
}

export function makePersonName(random: SeededRandom): { firstName: string; lastName: string } {
  return { firstName: random.pick(FIRST_NAMES), lastName: random.pick(LAST_NAMES) };
}

/** A short artist bio as the bio editor stores it (rich text). */
export function makeBio(random: SeededRandom, name: string, genre: string | null): string {
  const style = genre ? genre.toLowerCase() : 'music';
  return (
    `<p>${escapeHtml(name)} make ${escapeHtml(style)} out of ${random.pick(INSTRUMENTS)} and songs about ` +
    `${random.pick(MOODS)}. Formed in ${random.pick(ORIGINS)} in ${random.int(1998, 2024)}.</p>`
  );
}

export function makeFeaturedBio(random: SeededRandom, name: string): string {
  return `${name}: ${random.pick(['our pick this month', 'a band to watch', 'the sound of the season', 'a fan favourite'])}.`;
}

export function makeLinerNotes(random: SeededRandom, albumName: string): string {
  return `${albumName} was recorded in ${random.pick(PLACES)} with ${random.pick(INSTRUMENTS)}. Thanks to everyone who came to the shows.`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
