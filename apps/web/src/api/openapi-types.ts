/**
 * Generated from docs/api/openapi.json by `npm run openapi` (apps/web/openapi-types.ts, openapi-typescript).
 * Do not edit: change the server's route schemas and regenerate. Types only: no byte of it reaches the bundle.
 */

export interface paths {
    "/api/admin/payout-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The latest payout runs (scheduled, from the command line or an admin), newest first, each `queued`, `running`, `finished` or `stopped` (a run whose process went away is stopped) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            counts: {
                                alreadyPaid?: number;
                                artistsPlanned?: number;
                                artistsTotal?: number;
                                failed?: number;
                                held?: number;
                                heldCents?: number;
                                paid?: number;
                                paidCents?: number;
                                pending?: number;
                            };
                            dryRun: boolean;
                            error: string | null;
                            finishedAt: string | null;
                            id: string;
                            period: string;
                            startedAt: string;
                            /** @enum {string} */
                            state: "queued" | "running" | "finished" | "stopped";
                            /** @enum {string} */
                            trigger: "schedule" | "cli" | "admin";
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A period's payouts (paid, held with the reason, failed, pending) with artists' names and totals */
        get: {
            parameters: {
                query: {
                    period: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            cutoff: string;
                            payouts: {
                                amountCents: number;
                                artistID: string;
                                artistName: string;
                                attempt: number;
                                failureMessage: string | null;
                                /** @enum {string|null} */
                                heldReason: "no_account" | "onboarding_incomplete" | "no_tax_form" | null;
                                id: string;
                                paidAt: string | null;
                                period: string;
                                /** @enum {string} */
                                status: "held" | "pending" | "paid" | "failed";
                                transferID: string | null;
                                updatedAt: string;
                            }[];
                            period: string;
                            totals: {
                                failedCents: number;
                                heldCents: number;
                                paidCents: number;
                                pendingCents: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/payouts/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run a period now: queues the run for the workers and answers it at once (202; the run an admin started that is still queued or running, `alreadyRunning`, instead of a second); it pays each artist what is due and unpaid (running it again pays nothing twice): follow it in `GET /api/admin/payout-runs`. `dryRun` answers the plan of the first 100 artists at once (200) and moves nothing. 409 before the 22nd of that month */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default false */
                        dryRun?: boolean;
                        period: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            artistsPlanned: number;
                            artistsTotal: number;
                            cutoff: string;
                            lines: {
                                amountCents: number;
                                artistID: string;
                                artistName: string;
                                /** @enum {string|null} */
                                heldReason: "no_account" | "onboarding_incomplete" | "no_tax_form" | null;
                                message: string | null;
                                /** @enum {string} */
                                outcome: "paid" | "already_paid" | "held" | "failed" | "pending" | "would_pay" | "would_hold";
                            }[];
                            run: {
                                counts: {
                                    alreadyPaid?: number;
                                    artistsPlanned?: number;
                                    artistsTotal?: number;
                                    failed?: number;
                                    held?: number;
                                    heldCents?: number;
                                    paid?: number;
                                    paidCents?: number;
                                    pending?: number;
                                };
                                dryRun: boolean;
                                error: string | null;
                                finishedAt: string | null;
                                id: string;
                                period: string;
                                startedAt: string;
                                /** @enum {string} */
                                state: "queued" | "running" | "finished" | "stopped";
                                /** @enum {string} */
                                trigger: "schedule" | "cli" | "admin";
                            };
                        };
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            alreadyRunning: boolean;
                            cutoff: string;
                            run: {
                                counts: {
                                    alreadyPaid?: number;
                                    artistsPlanned?: number;
                                    artistsTotal?: number;
                                    failed?: number;
                                    held?: number;
                                    heldCents?: number;
                                    paid?: number;
                                    paidCents?: number;
                                    pending?: number;
                                };
                                dryRun: boolean;
                                error: string | null;
                                finishedAt: string | null;
                                id: string;
                                period: string;
                                startedAt: string;
                                /** @enum {string} */
                                state: "queued" | "running" | "finished" | "stopped";
                                /** @enum {string} */
                                trigger: "schedule" | "cli" | "admin";
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/revenue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Revenue per UTC month: gross, refunds, disputes, net, artists’ share, provider fees, platform. */
        get: {
            parameters: {
                query?: {
                    from?: string;
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            from: string;
                            months: {
                                artistShareCents: number;
                                disputesCents: number;
                                grossCents: number;
                                month: string;
                                netCents: number;
                                newSubscriptions: number;
                                payoutsCents: number;
                                platformCents: number;
                                providerFeesCents: number;
                                refundsCents: number;
                                renewals: number;
                            }[];
                            to: string;
                            totals: {
                                artistShareCents: number;
                                disputesCents: number;
                                grossCents: number;
                                netCents: number;
                                newSubscriptions: number;
                                payoutsCents: number;
                                platformCents: number;
                                providerFeesCents: number;
                                refundsCents: number;
                                renewals: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/revenue.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The revenue report as CSV: a line per month and the totals. */
        get: {
            parameters: {
                query?: {
                    from?: string;
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/albums": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Albums a page at a time, newest first: of ACTIVE artists (an artist also its own, admins all), each with the songs the caller may see */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    page?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                _id: string;
                                artistID: string;
                                artwork: string | null;
                                artworkPath: string;
                                createdAt: string;
                                id: string;
                                linerNotes: string;
                                name: string;
                                songs: string[];
                                updatedAt: string;
                            }[];
                            pagination: {
                                hasMore: boolean;
                                limit: number;
                                page: number;
                                pageCount: number;
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        artistID?: string;
                        fileName?: string | null;
                        imageData?: string | null;
                        linerNotes?: string;
                        name: string;
                        /** Format: date-time */
                        releaseAt?: string | null;
                        songs?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artistID: string;
                            artwork: string | null;
                            artworkPath: string;
                            createdAt: string;
                            id: string;
                            linerNotes: string;
                            name: string;
                            songs: string[];
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/albums/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artistID: string;
                            artwork: string | null;
                            artworkPath: string;
                            createdAt: string;
                            id: string;
                            linerNotes: string;
                            name: string;
                            songs: string[];
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        artistID?: string;
                        fileName?: string | null;
                        imageData?: string | null;
                        linerNotes?: string;
                        name?: string;
                        /** Format: date-time */
                        releaseAt?: string | null;
                        songs?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artistID: string;
                            artwork: string | null;
                            artworkPath: string;
                            createdAt: string;
                            id: string;
                            linerNotes: string;
                            name: string;
                            songs: string[];
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/albums/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The album as one zip (STORED entries `NN - Title.ext`), streamed; each song in it is a download. 202 with the status (Retry-After) until every file in the format is made. */
        get: {
            parameters: {
                query?: {
                    format?: "flac" | "alac" | "aiff" | "wav" | "mp3" | "mp3-v0" | "aac" | "vorbis" | "opus";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/zip": {
                            made: number;
                            retryAfterSeconds: number;
                            /** @enum {string} */
                            state: "preparing" | "ready";
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/albums/{id}/download-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How far the album's zip in a format is made; asking starts making the files it still needs. */
        get: {
            parameters: {
                query?: {
                    format?: "flac" | "alac" | "aiff" | "wav" | "mp3" | "mp3-v0" | "aac" | "vorbis" | "opus";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            made: number;
                            retryAfterSeconds: number;
                            /** @enum {string} */
                            state: "preparing" | "ready";
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/albums/{id}/downloads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The album download menu: each format with the length of the zip the caller would get (estimated until made). */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            bytes: number;
                            estimated: boolean;
                            /** @enum {string} */
                            format: "flac" | "alac" | "aiff" | "wav" | "mp3" | "mp3-v0" | "aac" | "vorbis" | "opus";
                            label: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/albums/artist/{artistID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    artistID: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artistID: string;
                            artwork: string | null;
                            artworkPath: string;
                            createdAt: string;
                            id: string;
                            linerNotes: string;
                            name: string;
                            songs: string[];
                            updatedAt: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/albums/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        artistID?: string;
                        fileName?: string | null;
                        imageData?: string | null;
                        linerNotes?: string;
                        name: string;
                        /** Format: date-time */
                        releaseAt?: string | null;
                        songs?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artistID: string;
                            artwork: string | null;
                            artworkPath: string;
                            createdAt: string;
                            id: string;
                            linerNotes: string;
                            name: string;
                            songs: string[];
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/albums/update/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        artistID?: string;
                        fileName?: string | null;
                        imageData?: string | null;
                        linerNotes?: string;
                        name?: string;
                        /** Format: date-time */
                        releaseAt?: string | null;
                        songs?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artistID: string;
                            artwork: string | null;
                            artworkPath: string;
                            createdAt: string;
                            id: string;
                            linerNotes: string;
                            name: string;
                            songs: string[];
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/albums/upload/artwork/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        fileName?: string | null;
                        imageData: string;
                        path?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            path: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artist-pages/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An artist's public page in one call: the artist, albums with their ordered songs, released songs (full-preview first, then newest) and the offer. Only ACTIVE artists, except to themselves and admins (ETag; If-None-Match answers 304; Cache-Control: private, no-cache) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            albums: {
                                artistID: string;
                                artworkPath: string;
                                createdAt: string;
                                id: string;
                                linerNotes: string;
                                name: string;
                                songs: string[];
                            }[];
                            artist: {
                                _id: string;
                                bannerImagePath: string | null;
                                bio: string;
                                createdAt: string;
                                featuredBio: string | null;
                                featuredPosition: number;
                                genre: {
                                    _id: string;
                                    artwork: string | null;
                                    id: string;
                                    label: string;
                                } | null;
                                hifives: number;
                                id: string;
                                name: string;
                                photo: string | null;
                                photos: string[];
                                slug: string;
                            };
                            offer: {
                                available: boolean;
                                /** @enum {number} */
                                priceCents: 999;
                                subscribed: boolean;
                            };
                            songs: {
                                albumIDs: string[];
                                createdAt: string;
                                duration: number | null;
                                explicit: boolean;
                                freeToKeep: boolean;
                                fullPreviewPosition: number;
                                hifives: number;
                                id: string;
                                isFullPreview: boolean;
                                plays: number;
                                playsInFull: boolean;
                                releaseDate: string | null;
                                title: string;
                                trackNumber: number | null;
                            }[];
                            termination: {
                                terminatedAt: string;
                            } | null;
                        };
                    };
                };
                /** @description Not modified: the If-None-Match tag is current */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artist-photo/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove one of the artist’s photos by its path (itself or an admin) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        path: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            photos: string[];
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artist-photo/upload/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add an artist photo (PNG or JPEG; itself or an admin; at most 15) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            /** @description JSON `{ imgData: data URL }`, or multipart/form-data with an `imgData` file part */
            requestBody: {
                content: {
                    "application/json": {
                        imgData: string;
                        path?: string | null;
                    } | null;
                    "multipart/form-data": {
                        imgData: string;
                        path?: string | null;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            path: string;
                            photos: string[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Artists. Public: ACTIVE and searchable, newest first. Admins: all, with the account, filtered by `status`/`tier` (`defaults=1` applies tier Tier 1 and status ACTIVE where not given), `search` (name or account email, any case), sorted by `sort` (createdAt, totalScore, name) and `order` */
        get: {
            parameters: {
                query?: {
                    defaults?: "0" | "1" | "true" | "false";
                    limit?: number;
                    order?: "asc" | "desc";
                    page?: number;
                    search?: string;
                    sort?: "createdAt" | "totalScore" | "name";
                    status?: "PENDING" | "ACTIVE" | "INACTIVE" | "CANCELLED";
                    tier?: "In Review" | "Tier 1" | "Tier 2" | "Tier 3";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                _id: string;
                                approvedAt: string | null;
                                bannerImagePath: string | null;
                                bio: string;
                                createdAt: string;
                                featuredBio: string | null;
                                featuredPosition: number;
                                genre: {
                                    _id: string;
                                    artwork: string | null;
                                    id: string;
                                    label: string;
                                } | null;
                                genreID: string | null;
                                hfmPicksOptIn: boolean;
                                hifives: number;
                                id: string;
                                isExclusive: boolean;
                                isFeatured: boolean;
                                name: string;
                                photos: string[];
                                readySongs?: number;
                                scoreMatrix: {
                                    label: string;
                                    score: number;
                                }[];
                                searchStatus: {
                                    isSearchable: boolean;
                                };
                                songDirectory: string;
                                /** @enum {string} */
                                status: "PENDING" | "ACTIVE" | "INACTIVE" | "CANCELLED";
                                terminatedAt: string | null;
                                tier: string;
                                totalScore: number;
                                updatedAt: string;
                                user?: {
                                    _id: string;
                                    email: string;
                                    firstName: string;
                                    id: string;
                                    lastName: string;
                                    status: string;
                                };
                                userID: string;
                            }[];
                            pagination: {
                                hasMore: boolean;
                                limit: number;
                                page: number;
                                pageCount: number;
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artists/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One artist; one that is not ACTIVE is visible to itself and admins only (404 for others) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            approvedAt: string | null;
                            bannerImagePath: string | null;
                            bio: string;
                            createdAt: string;
                            featuredBio: string | null;
                            featuredPosition: number;
                            genre: {
                                _id: string;
                                artwork: string | null;
                                id: string;
                                label: string;
                            } | null;
                            genreID: string | null;
                            hfmPicksOptIn: boolean;
                            hifives: number;
                            id: string;
                            isExclusive: boolean;
                            isFeatured: boolean;
                            name: string;
                            photos: string[];
                            readySongs?: number;
                            scoreMatrix: {
                                label: string;
                                score: number;
                            }[];
                            searchStatus: {
                                isSearchable: boolean;
                            };
                            songDirectory: string;
                            /** @enum {string} */
                            status: "PENDING" | "ACTIVE" | "INACTIVE" | "CANCELLED";
                            terminatedAt: string | null;
                            tier: string;
                            totalScore: number;
                            updatedAt: string;
                            user?: {
                                _id: string;
                                email: string;
                                firstName: string;
                                id: string;
                                lastName: string;
                                status: string;
                            };
                            userID: string;
                        };
                    };
                };
            };
        };
        /** Update an artist (itself or an admin): name, genre, bio (sanitised rich text), hfmPicksOptIn; admins also status (ACTIVE approves: approvedAt, searchable, Tier 1, a mail), tier, isFeatured, featuredPosition, featuredBio, scoreMatrix, isSearchable, isExclusive. Anyone else sending one of those is refused (403, each field named) and nothing is saved */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        bio?: string;
                        featuredBio?: string | null;
                        featuredPosition?: number;
                        genre?: string | {
                            _id: string;
                        };
                        hfmPicksOptIn?: boolean;
                        isExclusive?: boolean;
                        isFeatured?: boolean;
                        isSearchable?: boolean;
                        name?: string;
                        scoreMatrix?: {
                            /** @enum {string} */
                            label: "Lead Vocal/Instrument" | "Backing Vocal/Instrument" | "Overall Arrangement" | "Mixing Quality" | "Mastering Quality" | "Commercial Marketability" | "Niche Marketability" | "Following" | "Presentation";
                            score: number;
                        }[];
                        searchStatus?: {
                            isSearchable: boolean;
                        };
                        /** @enum {string} */
                        status?: "PENDING" | "ACTIVE" | "INACTIVE" | "CANCELLED";
                        /** @enum {string} */
                        tier?: "In Review" | "Tier 1" | "Tier 2" | "Tier 3";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            approvedAt: string | null;
                            bannerImagePath: string | null;
                            bio: string;
                            createdAt: string;
                            featuredBio: string | null;
                            featuredPosition: number;
                            genre: {
                                _id: string;
                                artwork: string | null;
                                id: string;
                                label: string;
                            } | null;
                            genreID: string | null;
                            hfmPicksOptIn: boolean;
                            hifives: number;
                            id: string;
                            isExclusive: boolean;
                            isFeatured: boolean;
                            name: string;
                            photos: string[];
                            readySongs?: number;
                            scoreMatrix: {
                                label: string;
                                score: number;
                            }[];
                            searchStatus: {
                                isSearchable: boolean;
                            };
                            songDirectory: string;
                            /** @enum {string} */
                            status: "PENDING" | "ACTIVE" | "INACTIVE" | "CANCELLED";
                            terminatedAt: string | null;
                            tier: string;
                            totalScore: number;
                            updatedAt: string;
                            user?: {
                                _id: string;
                                email: string;
                                firstName: string;
                                id: string;
                                lastName: string;
                                status: string;
                            };
                            userID: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update an artist (itself or an admin): name, genre, bio (sanitised rich text), hfmPicksOptIn; admins also status (ACTIVE approves: approvedAt, searchable, Tier 1, a mail), tier, isFeatured, featuredPosition, featuredBio, scoreMatrix, isSearchable, isExclusive. Anyone else sending one of those is refused (403, each field named) and nothing is saved */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        bio?: string;
                        featuredBio?: string | null;
                        featuredPosition?: number;
                        genre?: string | {
                            _id: string;
                        };
                        hfmPicksOptIn?: boolean;
                        isExclusive?: boolean;
                        isFeatured?: boolean;
                        isSearchable?: boolean;
                        name?: string;
                        scoreMatrix?: {
                            /** @enum {string} */
                            label: "Lead Vocal/Instrument" | "Backing Vocal/Instrument" | "Overall Arrangement" | "Mixing Quality" | "Mastering Quality" | "Commercial Marketability" | "Niche Marketability" | "Following" | "Presentation";
                            score: number;
                        }[];
                        searchStatus?: {
                            isSearchable: boolean;
                        };
                        /** @enum {string} */
                        status?: "PENDING" | "ACTIVE" | "INACTIVE" | "CANCELLED";
                        /** @enum {string} */
                        tier?: "In Review" | "Tier 1" | "Tier 2" | "Tier 3";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            approvedAt: string | null;
                            bannerImagePath: string | null;
                            bio: string;
                            createdAt: string;
                            featuredBio: string | null;
                            featuredPosition: number;
                            genre: {
                                _id: string;
                                artwork: string | null;
                                id: string;
                                label: string;
                            } | null;
                            genreID: string | null;
                            hfmPicksOptIn: boolean;
                            hifives: number;
                            id: string;
                            isExclusive: boolean;
                            isFeatured: boolean;
                            name: string;
                            photos: string[];
                            readySongs?: number;
                            scoreMatrix: {
                                label: string;
                                score: number;
                            }[];
                            searchStatus: {
                                isSearchable: boolean;
                            };
                            songDirectory: string;
                            /** @enum {string} */
                            status: "PENDING" | "ACTIVE" | "INACTIVE" | "CANCELLED";
                            terminatedAt: string | null;
                            tier: string;
                            totalScore: number;
                            updatedAt: string;
                            user?: {
                                _id: string;
                                email: string;
                                firstName: string;
                                id: string;
                                lastName: string;
                                status: string;
                            };
                            userID: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/artists/{id}/earnings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The artist's earnings: subscribers, earned, owed, the next payout, payouts and 12 months of charts. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            artistID: string;
                            earnedAllTimeCents: number;
                            earnedThisMonthCents: number;
                            nextPayout: {
                                amountCents: number;
                                date: string | null;
                                /** @enum {string|null} */
                                held: "no_account" | "onboarding_incomplete" | "no_tax_form" | null;
                            };
                            owedCents: number;
                            paidOutCents: number;
                            payouts: {
                                amountCents: number;
                                heldReason: string | null;
                                paidAt: string | null;
                                period: string;
                                /** @enum {string} */
                                status: "held" | "pending" | "paid" | "failed";
                            }[];
                            series: {
                                earningsCents: number;
                                month: string;
                                newSubscriptions: number;
                                plays: number;
                                renewals: number;
                                subscribers: number;
                            }[];
                            subscribersNow: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artists/{id}/earnings.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The artist's statement: every ledger row of theirs and every payout, as CSV (streamed). */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artists/{id}/terminate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Terminate an artist's licence (docs/decisions/0021): the artist itself, confirmed with its current password, or an admin with a reason. At once: status CANCELLED, no new subscriptions, no renewals (subscribers keep access to the end of their term), subscribers and the artist mailed; 409 when done already */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        currentPassword?: string;
                        reason?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            artist: {
                                _id: string;
                                approvedAt: string | null;
                                bannerImagePath: string | null;
                                bio: string;
                                createdAt: string;
                                featuredBio: string | null;
                                featuredPosition: number;
                                genre: {
                                    _id: string;
                                    artwork: string | null;
                                    id: string;
                                    label: string;
                                } | null;
                                genreID: string | null;
                                hfmPicksOptIn: boolean;
                                hifives: number;
                                id: string;
                                isExclusive: boolean;
                                isFeatured: boolean;
                                name: string;
                                photos: string[];
                                readySongs?: number;
                                scoreMatrix: {
                                    label: string;
                                    score: number;
                                }[];
                                searchStatus: {
                                    isSearchable: boolean;
                                };
                                songDirectory: string;
                                /** @enum {string} */
                                status: "PENDING" | "ACTIVE" | "INACTIVE" | "CANCELLED";
                                terminatedAt: string | null;
                                tier: string;
                                totalScore: number;
                                updatedAt: string;
                                user?: {
                                    _id: string;
                                    email: string;
                                    firstName: string;
                                    id: string;
                                    lastName: string;
                                    status: string;
                                };
                                userID: string;
                            };
                            subscribers: number;
                            terminatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artists/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Artist sign-up: an unconfirmed ARTIST user and a PENDING artist, mailed a 6-digit code */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description multipart/form-data: `artist` and `user` as JSON text, images as file parts or data URLs */
            requestBody: {
                content: {
                    "application/json": {
                        artist: string | {
                            [key: string]: unknown;
                        };
                        bannerImageData?: string | null;
                        imageData?: string | null;
                        s3Path?: string | null;
                        user: string | {
                            [key: string]: unknown;
                        };
                    } | null;
                    "multipart/form-data": {
                        artist: string | {
                            [key: string]: unknown;
                        };
                        bannerImageData?: string | null;
                        imageData?: string | null;
                        s3Path?: string | null;
                        user: string | {
                            [key: string]: unknown;
                        };
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            artist: {
                                _id: string;
                                approvedAt: string | null;
                                bannerImagePath: string | null;
                                bio: string;
                                createdAt: string;
                                featuredBio: string | null;
                                featuredPosition: number;
                                genre: {
                                    _id: string;
                                    artwork: string | null;
                                    id: string;
                                    label: string;
                                } | null;
                                genreID: string | null;
                                hfmPicksOptIn: boolean;
                                hifives: number;
                                id: string;
                                isExclusive: boolean;
                                isFeatured: boolean;
                                name: string;
                                photos: string[];
                                readySongs?: number;
                                scoreMatrix: {
                                    label: string;
                                    score: number;
                                }[];
                                searchStatus: {
                                    isSearchable: boolean;
                                };
                                songDirectory: string;
                                /** @enum {string} */
                                status: "PENDING" | "ACTIVE" | "INACTIVE" | "CANCELLED";
                                terminatedAt: string | null;
                                tier: string;
                                totalScore: number;
                                updatedAt: string;
                                user?: {
                                    _id: string;
                                    email: string;
                                    firstName: string;
                                    id: string;
                                    lastName: string;
                                    status: string;
                                };
                                userID: string;
                            };
                            user: {
                                _id: string;
                                createdAt: string;
                                dob: string | null;
                                email: string;
                                firstName: string;
                                gender: string | null;
                                hfmPicksOptIn: boolean;
                                hiFived: {
                                    id: string;
                                    itemID: string;
                                }[];
                                id: string;
                                lastName: string;
                                location: string | null;
                                name: string;
                                phoneNumber: string | null;
                                profileImage: string | null;
                                profileImagePath: string | null;
                                /** @enum {string} */
                                role: "ADMIN" | "ARTIST" | "SUBSCRIBER";
                                status: string;
                                subscribedTo: {
                                    artistID: string;
                                }[];
                                updatedAt: string;
                                userName: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artists/create-account-link/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A single-use link to give payout details and a tax form (the provider’s onboarding), back to the studio's Payouts tab: the artist or an admin; 409 before the account is made */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            expiresAt: string;
                            url: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artists/create-connect-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make the artist's payout account at the payment provider, once (201; 200 when it exists): an artist for themself, an admin names `artistID`. `country` (default US) decides the tax form */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        artistID?: string;
                        country?: string;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accountID: string;
                            artistID: string;
                            bankLast4: string | null;
                            detailsSubmitted: boolean;
                            payoutsEnabled: boolean;
                            provider: string;
                            ready: boolean;
                            requirements: string[];
                            /** @enum {string|null} */
                            taxForm: "W-9" | "W-8BEN" | "W-8BEN-E" | null;
                            updatedAt: string;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accountID: string;
                            artistID: string;
                            bankLast4: string | null;
                            detailsSubmitted: boolean;
                            payoutsEnabled: boolean;
                            provider: string;
                            ready: boolean;
                            requirements: string[];
                            /** @enum {string|null} */
                            taxForm: "W-9" | "W-8BEN" | "W-8BEN-E" | null;
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artists/featured": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The featured artists in order (featuredPosition 0, 1, ...; 0 is member home’s hero artist) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                _id: string;
                                approvedAt: string | null;
                                bannerImagePath: string | null;
                                bio: string;
                                createdAt: string;
                                featuredBio: string | null;
                                featuredPosition: number;
                                genre: {
                                    _id: string;
                                    artwork: string | null;
                                    id: string;
                                    label: string;
                                } | null;
                                genreID: string | null;
                                hfmPicksOptIn: boolean;
                                hifives: number;
                                id: string;
                                isExclusive: boolean;
                                isFeatured: boolean;
                                name: string;
                                photos: string[];
                                picture: string | null;
                                readySongs?: number;
                                scoreMatrix: {
                                    label: string;
                                    score: number;
                                }[];
                                searchStatus: {
                                    isSearchable: boolean;
                                };
                                songDirectory: string;
                                /** @enum {string} */
                                status: "PENDING" | "ACTIVE" | "INACTIVE" | "CANCELLED";
                                terminatedAt: string | null;
                                tier: string;
                                totalScore: number;
                                updatedAt: string;
                                user?: {
                                    _id: string;
                                    email: string;
                                    firstName: string;
                                    id: string;
                                    lastName: string;
                                    status: string;
                                };
                                userID: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artists/featured/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** The whole featured order at once (drag to reorder): `ids` must be exactly the featured artists (409 when they changed meanwhile) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        ids: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                _id: string;
                                approvedAt: string | null;
                                bannerImagePath: string | null;
                                bio: string;
                                createdAt: string;
                                featuredBio: string | null;
                                featuredPosition: number;
                                genre: {
                                    _id: string;
                                    artwork: string | null;
                                    id: string;
                                    label: string;
                                } | null;
                                genreID: string | null;
                                hfmPicksOptIn: boolean;
                                hifives: number;
                                id: string;
                                isExclusive: boolean;
                                isFeatured: boolean;
                                name: string;
                                photos: string[];
                                picture: string | null;
                                readySongs?: number;
                                scoreMatrix: {
                                    label: string;
                                    score: number;
                                }[];
                                searchStatus: {
                                    isSearchable: boolean;
                                };
                                songDirectory: string;
                                /** @enum {string} */
                                status: "PENDING" | "ACTIVE" | "INACTIVE" | "CANCELLED";
                                terminatedAt: string | null;
                                tier: string;
                                totalScore: number;
                                updatedAt: string;
                                user?: {
                                    _id: string;
                                    email: string;
                                    firstName: string;
                                    id: string;
                                    lastName: string;
                                    status: string;
                                };
                                userID: string;
                            }[];
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artists/featured/swap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Swap: the added ACTIVE artist takes the removed one’s position and the removed one gets -1 (409 when removeID is not featured, addID is featured already or not ACTIVE) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        addID: string;
                        /** Format: uuid */
                        removeID: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                _id: string;
                                approvedAt: string | null;
                                bannerImagePath: string | null;
                                bio: string;
                                createdAt: string;
                                featuredBio: string | null;
                                featuredPosition: number;
                                genre: {
                                    _id: string;
                                    artwork: string | null;
                                    id: string;
                                    label: string;
                                } | null;
                                genreID: string | null;
                                hfmPicksOptIn: boolean;
                                hifives: number;
                                id: string;
                                isExclusive: boolean;
                                isFeatured: boolean;
                                name: string;
                                photos: string[];
                                picture: string | null;
                                readySongs?: number;
                                scoreMatrix: {
                                    label: string;
                                    score: number;
                                }[];
                                searchStatus: {
                                    isSearchable: boolean;
                                };
                                songDirectory: string;
                                /** @enum {string} */
                                status: "PENDING" | "ACTIVE" | "INACTIVE" | "CANCELLED";
                                terminatedAt: string | null;
                                tier: string;
                                totalScore: number;
                                updatedAt: string;
                                user?: {
                                    _id: string;
                                    email: string;
                                    firstName: string;
                                    id: string;
                                    lastName: string;
                                    status: string;
                                };
                                userID: string;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artists/remove/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** The spec’s artist remove: terminates the licence exactly as POST /api/artists/{id}/terminate does (the artist with its current password, an admin with a reason; docs/decisions/0021) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        currentPassword?: string;
                        reason?: string;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            artist: {
                                _id: string;
                                approvedAt: string | null;
                                bannerImagePath: string | null;
                                bio: string;
                                createdAt: string;
                                featuredBio: string | null;
                                featuredPosition: number;
                                genre: {
                                    _id: string;
                                    artwork: string | null;
                                    id: string;
                                    label: string;
                                } | null;
                                genreID: string | null;
                                hfmPicksOptIn: boolean;
                                hifives: number;
                                id: string;
                                isExclusive: boolean;
                                isFeatured: boolean;
                                name: string;
                                photos: string[];
                                readySongs?: number;
                                scoreMatrix: {
                                    label: string;
                                    score: number;
                                }[];
                                searchStatus: {
                                    isSearchable: boolean;
                                };
                                songDirectory: string;
                                /** @enum {string} */
                                status: "PENDING" | "ACTIVE" | "INACTIVE" | "CANCELLED";
                                terminatedAt: string | null;
                                tier: string;
                                totalScore: number;
                                updatedAt: string;
                                user?: {
                                    _id: string;
                                    email: string;
                                    firstName: string;
                                    id: string;
                                    lastName: string;
                                    status: string;
                                };
                                userID: string;
                            };
                            subscribers: number;
                            terminatedAt: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/artists/retrieve-connect-account/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The artist's payout account as the provider knows it now (`account: null` while there is none): the artist or an admin */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account: {
                                accountID: string;
                                artistID: string;
                                bankLast4: string | null;
                                detailsSubmitted: boolean;
                                payoutsEnabled: boolean;
                                provider: string;
                                ready: boolean;
                                requirements: string[];
                                /** @enum {string|null} */
                                taxForm: "W-9" | "W-8BEN" | "W-8BEN-E" | null;
                                updatedAt: string;
                            } | null;
                            artistID: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in; sets the hfm_session cookie */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        password: string;
                        userName: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            routeTo: string;
                            user: {
                                _id: string;
                                createdAt: string;
                                dob: string | null;
                                email: string;
                                firstName: string;
                                gender: string | null;
                                hfmPicksOptIn: boolean;
                                hiFived: {
                                    id: string;
                                    itemID: string;
                                }[];
                                id: string;
                                lastName: string;
                                location: string | null;
                                name: string;
                                phoneNumber: string | null;
                                profileImage: string | null;
                                profileImagePath: string | null;
                                /** @enum {string} */
                                role: "ADMIN" | "ARTIST" | "SUBSCRIBER";
                                status: string;
                                subscribedTo: {
                                    artistID: string;
                                }[];
                                updatedAt: string;
                                userName: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/confirm-user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm an account with the 6-digit code from the mail */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        code: string;
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            confirmed: true;
                            routeTo: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out everywhere: every session of the user ends */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            routeTo: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/resend-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a new code to an unconfirmed account (same answer for any email) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            sent: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who is signed in: the user, or null when signed out (never a 401, so a probe stays quiet) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user: {
                                _id: string;
                                createdAt: string;
                                dob: string | null;
                                email: string;
                                firstName: string;
                                gender: string | null;
                                hfmPicksOptIn: boolean;
                                hiFived: {
                                    id: string;
                                    itemID: string;
                                }[];
                                id: string;
                                lastName: string;
                                location: string | null;
                                name: string;
                                phoneNumber: string | null;
                                profileImage: string | null;
                                profileImagePath: string | null;
                                /** @enum {string} */
                                role: "ADMIN" | "ARTIST" | "SUBSCRIBER";
                                status: string;
                                subscribedTo: {
                                    artistID: string;
                                }[];
                                updatedAt: string;
                                userName: string;
                            } | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/social/{provider}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The provider sends the browser back here: a linked fan is signed in, anyone else lands in the Fan Sign Up modal prefilled (?social=token), a failure there with ?socialError=reason */
        get: {
            parameters: {
                query?: {
                    code?: string;
                    error?: string;
                    error_description?: string;
                    iss?: string;
                    state?: string;
                };
                header?: never;
                path: {
                    provider: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A redirect (Location): to the provider, or back to the web app */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": null;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/social/{provider}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Start a social sign-in: 302 to the provider (authorization code with PKCE, state and nonce) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    provider: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A redirect (Location): to the provider, or back to the web app */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": null;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/social/prefill/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the provider told us, for the Fan Sign Up modal: answered once, for 30 minutes */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            email: string;
                            fileName: string | null;
                            firstName: string;
                            lastName: string;
                            profileImageData: string | null;
                            provider: string;
                            providerName: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/social/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The configured social sign-in providers (empty when none: then no button shows) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            providers: {
                                id: string;
                                name: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/banner-image/upload/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload the artist banner (PNG or JPEG; itself or an admin); `warning` when under 2000 x 1000 */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            /** @description multipart/form-data with a `bannerImageData` file part (or data-URL field), or the same as JSON */
            requestBody: {
                content: {
                    "application/json": {
                        bannerImageData: string;
                        fileName?: string | null;
                        path?: string | null;
                    } | null;
                    "multipart/form-data": {
                        bannerImageData: string;
                        fileName?: string | null;
                        path?: string | null;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            path: string;
                            warning?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bff/members/artist-summary/{artistId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An ACTIVE artist and their released songs (full-preview songs first, then newest), to anyone; another artist is visible to itself and admins only (404 for others) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    artistId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            bannerImagePath: string | null;
                            bio: string;
                            createdAt: string;
                            featuredBio: string | null;
                            featuredPosition: number;
                            genre: {
                                _id: string;
                                artwork: string | null;
                                id: string;
                                label: string;
                            } | null;
                            hifives: number;
                            id: string;
                            name: string;
                            photo: string | null;
                            photos: string[];
                            slug: string;
                            songs: {
                                _id: string;
                                albumIDs: string[];
                                artistID: string;
                                artistName: string;
                                artistSlug: string;
                                createdAt: string;
                                duration: number | null;
                                explicit: boolean;
                                freeToKeep: boolean;
                                fullPreviewPosition: number;
                                hifives: number;
                                id: string;
                                isFullPreview: boolean;
                                plays: number;
                                playsInFull: boolean;
                                releaseDate: string | null;
                                title: string;
                                trackNumber: number | null;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bff/members/hero-artist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The artist member home and /discover lead with: the ACTIVE artist first in the featured order (lowest featuredPosition >= 0), else the newest ACTIVE artist; null in an empty catalogue (ETag; If-None-Match answers 304; Cache-Control: no-cache) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            bannerImagePath: string | null;
                            bio: string;
                            createdAt: string;
                            featuredBio: string | null;
                            featuredPosition: number;
                            genre: {
                                _id: string;
                                artwork: string | null;
                                id: string;
                                label: string;
                            } | null;
                            hifives: number;
                            id: string;
                            name: string;
                            photo: string | null;
                            photos: string[];
                            slug: string;
                        } | null;
                    };
                };
                /** @description Not modified: the If-None-Match tag is current */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The legal documents (without their text), in the order of the legal pages */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            id: string;
                            /** @enum {string} */
                            key: "user-terms" | "artist-terms" | "privacy-policy" | "license-agreement";
                            label: string;
                            page: string;
                            publishedAt: string;
                            updatedAt: string;
                            version: number;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A document with its text, by id or key (user-terms, artist-terms, privacy-policy, license-agreement) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            content: string;
                            id: string;
                            /** @enum {string} */
                            key: "user-terms" | "artist-terms" | "privacy-policy" | "license-agreement";
                            label: string;
                            page: string;
                            publishedAt: string;
                            updatedAt: string;
                            version: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Publish a document’s text (sanitised) and title (admin); a changed text is a new version and a notice for 30 days to those it concerns */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        content: string;
                        label?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            content: string;
                            id: string;
                            /** @enum {string} */
                            key: "user-terms" | "artist-terms" | "privacy-policy" | "license-agreement";
                            label: string;
                            page: string;
                            publishedAt: string;
                            updatedAt: string;
                            version: number;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/documents/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every published version of a document, newest first, with who published it (admin) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            label: string;
                            publishedAt: string;
                            publishedBy: {
                                id: string;
                                name: string;
                            } | null;
                            version: number;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/documents/notices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Changes of the last 30 days that concern the caller: the User Terms and the Privacy Policy for everyone, the Artist Terms and the Licence for artists */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            id: string;
                            /** @enum {string} */
                            key: "user-terms" | "artist-terms" | "privacy-policy" | "license-agreement";
                            label: string;
                            page: string;
                            publishedAt: string;
                            showUntil: string;
                            updatedAt: string;
                            version: number;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/genres": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every genre, sorted by label */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artwork: string | null;
                            id: string;
                            label: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        /** Add several genres at once (the spec’s addGenres; admin): new labels are added, existing skipped */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        genres: (string | {
                            label: string;
                        })[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            added: {
                                _id: string;
                                artwork: string | null;
                                id: string;
                                label: string;
                            }[];
                            skipped: string[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/genres/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One genre */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artwork: string | null;
                            id: string;
                            label: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a genre (admin): 409 while artists are filed under it, unless moveArtistsTo names the genre they move to first (one transaction) */
        delete: {
            parameters: {
                query?: {
                    moveArtistsTo?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            artistsMoved: number;
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename a genre (admin) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        label: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artwork: string | null;
                            id: string;
                            label: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/genres/{id}/page": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A genre, its newest ACTIVE artists (48 at most) and their newest released songs (50 at most) (ETag; If-None-Match answers 304; Cache-Control: private, no-cache) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            artists: {
                                _id: string;
                                bannerImagePath: string | null;
                                createdAt: string;
                                featuredBio: string | null;
                                featuredPosition: number;
                                genre: {
                                    _id: string;
                                    artwork: string | null;
                                    id: string;
                                    label: string;
                                } | null;
                                hifives: number;
                                id: string;
                                name: string;
                                photo: string | null;
                                slug: string;
                            }[];
                            genre: {
                                _id: string;
                                artwork: string | null;
                                id: string;
                                label: string;
                            };
                            songs: {
                                _id: string;
                                albumIDs: string[];
                                artistID: string;
                                artistName: string;
                                artistSlug: string;
                                createdAt: string;
                                duration: number | null;
                                explicit: boolean;
                                freeToKeep: boolean;
                                fullPreviewPosition: number;
                                hifives: number;
                                id: string;
                                isFullPreview: boolean;
                                plays: number;
                                playsInFull: boolean;
                                releaseDate: string | null;
                                title: string;
                                trackNumber: number | null;
                            }[];
                        };
                    };
                };
                /** @description Not modified: the If-None-Match tag is current */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/genres/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a genre (admin); a label that exists in any case is a 409 */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        label: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artwork: string | null;
                            id: string;
                            label: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/genres/remove/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a genre (admin): 409 while artists are filed under it, unless moveArtistsTo names the genre they move to first (one transaction) */
        delete: {
            parameters: {
                query?: {
                    moveArtistsTo?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            artistsMoved: number;
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/genres/search/{search}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Genre type-ahead: labels containing the term (any case); under 3 characters, none */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    search: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artwork: string | null;
                            id: string;
                            label: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/genres/upload/artwork/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Upload a genre’s artwork (PNG or JPEG; admin), stored under genre-images/{id}/ */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            /** @description The genre plus `imageData` (a PNG or JPEG data URL), or multipart/form-data with an `imageData` file part */
            requestBody: {
                content: {
                    "application/json": {
                        _id?: string;
                        artwork?: string | null;
                        fileName?: string | null;
                        id?: string;
                        imageData?: string | null;
                        label?: string;
                        path?: string | null;
                    } | null;
                    "multipart/form-data": {
                        _id?: string;
                        artwork?: string | null;
                        fileName?: string | null;
                        id?: string;
                        imageData?: string | null;
                        label?: string;
                        path?: string | null;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artwork: string | null;
                            id: string;
                            label: string;
                            path: string;
                        };
                    };
                };
            };
        };
        /** Upload a genre’s artwork (PNG or JPEG; admin), stored under genre-images/{id}/ */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            /** @description The genre plus `imageData` (a PNG or JPEG data URL), or multipart/form-data with an `imageData` file part */
            requestBody: {
                content: {
                    "application/json": {
                        _id?: string;
                        artwork?: string | null;
                        fileName?: string | null;
                        id?: string;
                        imageData?: string | null;
                        label?: string;
                        path?: string | null;
                    } | null;
                    "multipart/form-data": {
                        _id?: string;
                        artwork?: string | null;
                        fileName?: string | null;
                        id?: string;
                        imageData?: string | null;
                        label?: string;
                        path?: string | null;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artwork: string | null;
                            id: string;
                            label: string;
                            path: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/hi-fives": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        itemID: string;
                        /** @enum {string} */
                        itemType: "song";
                        /** Format: uuid */
                        memberID: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            createdAt: string;
                            hifives: number;
                            id: string;
                            itemID: string;
                            /** @enum {string} */
                            itemType: "song";
                            memberID: string;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            createdAt: string;
                            hifives: number;
                            id: string;
                            itemID: string;
                            /** @enum {string} */
                            itemType: "song";
                            memberID: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/hi-fives/{entryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    entryId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            hifives: number;
                            id: string;
                            itemID: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/initial": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** First load of a signed-in area: stats, user, artist, songs, albums */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                albums: {
                                    _id: string;
                                    artistID: string;
                                    artwork: string | null;
                                    artworkPath: string;
                                    createdAt: string;
                                    id: string;
                                    linerNotes: string;
                                    name: string;
                                    songs: string[];
                                    updatedAt: string;
                                }[];
                                artist: {
                                    _id: string;
                                    approvedAt: string | null;
                                    bannerImagePath: string | null;
                                    bio: string;
                                    createdAt: string;
                                    featuredBio: string | null;
                                    featuredPosition: number;
                                    genre: {
                                        _id: string;
                                        artwork: string | null;
                                        id: string;
                                        label: string;
                                    } | null;
                                    genreID: string | null;
                                    hfmPicksOptIn: boolean;
                                    hifives: number;
                                    id: string;
                                    isExclusive: boolean;
                                    isFeatured: boolean;
                                    name: string;
                                    photos: string[];
                                    readySongs?: number;
                                    scoreMatrix: {
                                        label: string;
                                        score: number;
                                    }[];
                                    searchStatus: {
                                        isSearchable: boolean;
                                    };
                                    songDirectory: string;
                                    /** @enum {string} */
                                    status: "PENDING" | "ACTIVE" | "INACTIVE" | "CANCELLED";
                                    terminatedAt: string | null;
                                    tier: string;
                                    totalScore: number;
                                    updatedAt: string;
                                    user?: {
                                        _id: string;
                                        email: string;
                                        firstName: string;
                                        id: string;
                                        lastName: string;
                                        status: string;
                                    };
                                    userID: string;
                                } | null;
                                songs: {
                                    _id: string;
                                    active: boolean;
                                    additionalArtists: string | null;
                                    albumID: string | null;
                                    albumIDs: string[];
                                    artistID: string;
                                    comment: string | null;
                                    createdAt: string;
                                    /** @enum {string|null} */
                                    downloads: "preparing" | "ready" | "failed" | null;
                                    duration: number | null;
                                    embedCode: string | null;
                                    explicit: boolean;
                                    failureReason: string | null;
                                    fullPreviewPosition: number;
                                    hifives: number;
                                    id: string;
                                    isExclusive: boolean;
                                    isFullPreview: boolean;
                                    ISRC: string | null;
                                    loudness: {
                                        integratedLufs: number;
                                        lra: number;
                                        truePeakDb: number;
                                    } | null;
                                    plays: number;
                                    publisher: string | null;
                                    releaseAt: string | null;
                                    releaseDate: string | null;
                                    songWriters: string | null;
                                    /** @enum {string} */
                                    status: "pending" | "uploading" | "ready" | "failed";
                                    title: string;
                                    trackNumber: number | null;
                                    updatedAt: string;
                                }[];
                                stats: {
                                    mostHifivedSong: {
                                        _id: string;
                                        id: string;
                                        title: string;
                                    } | null;
                                    mostListenedToSong: {
                                        _id: string;
                                        id: string;
                                        title: string;
                                    } | null;
                                };
                                user: {
                                    _id: string;
                                    createdAt: string;
                                    dob: string | null;
                                    email: string;
                                    firstName: string;
                                    gender: string | null;
                                    hfmPicksOptIn: boolean;
                                    hiFived: {
                                        id: string;
                                        itemID: string;
                                    }[];
                                    id: string;
                                    lastName: string;
                                    location: string | null;
                                    name: string;
                                    phoneNumber: string | null;
                                    profileImage: string | null;
                                    profileImagePath: string | null;
                                    /** @enum {string} */
                                    role: "ADMIN" | "ARTIST" | "SUBSCRIBER";
                                    status: string;
                                    subscribedTo: {
                                        artistID: string;
                                    }[];
                                    updatedAt: string;
                                    userName: string;
                                };
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Record labels, a page at a time, sorted by createdAt (newest first), updatedAt or name (admin) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    order?: "asc" | "desc";
                    page?: number;
                    sort?: "createdAt" | "updatedAt" | "name";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                _id: string;
                                active: boolean;
                                createdAt: string;
                                genres: string[];
                                id: string;
                                location: string | null;
                                name: string;
                                updatedAt: string;
                                website: string | null;
                            }[];
                            pagination: {
                                hasMore: boolean;
                                limit: number;
                                page: number;
                                pageCount: number;
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create a label (admin); active unless said otherwise */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default true */
                        active?: boolean;
                        /** @default [] */
                        genres?: string[];
                        location?: string | null;
                        name: string;
                        website?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            active: boolean;
                            createdAt: string;
                            genres: string[];
                            id: string;
                            location: string | null;
                            name: string;
                            updatedAt: string;
                            website: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/labels/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One record label (admin) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            active: boolean;
                            createdAt: string;
                            genres: string[];
                            id: string;
                            location: string | null;
                            name: string;
                            updatedAt: string;
                            website: string | null;
                        };
                    };
                };
            };
        };
        /** Update a label (admin): the fields sent change */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        active?: boolean;
                        genres?: string[];
                        location?: string | null;
                        name?: string;
                        website?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            active: boolean;
                            createdAt: string;
                            genres: string[];
                            id: string;
                            location: string | null;
                            name: string;
                            updatedAt: string;
                            website: string | null;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Delete a label (admin); playlists filed under it keep their songs and lose the label */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Update a label (admin): the fields sent change */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        active?: boolean;
                        genres?: string[];
                        location?: string | null;
                        name?: string;
                        website?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            active: boolean;
                            createdAt: string;
                            genres: string[];
                            id: string;
                            location: string | null;
                            name: string;
                            updatedAt: string;
                            website: string | null;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/labels/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a label (admin); active unless said otherwise */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default true */
                        active?: boolean;
                        /** @default [] */
                        genres?: string[];
                        location?: string | null;
                        name: string;
                        website?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            active: boolean;
                            createdAt: string;
                            genres: string[];
                            id: string;
                            location: string | null;
                            name: string;
                            updatedAt: string;
                            website: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members/{memberID}/my-music": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    artistID?: string;
                    limit?: number;
                    page?: number;
                    sort?: "added" | "title";
                };
                header?: never;
                path: {
                    memberID: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                _id: string;
                                album: {
                                    _id: string;
                                    id: string;
                                    name: string;
                                } | null;
                                albumIDs: string[];
                                artistID: string;
                                artistName: string;
                                artistSlug: string;
                                artworkPath: string | null;
                                createdAt: string;
                                duration: number | null;
                                explicit: boolean;
                                formats: ("flac" | "alac" | "aiff" | "wav" | "mp3" | "mp3-v0" | "aac" | "vorbis" | "opus")[];
                                freeToKeep: boolean;
                                fullPreviewPosition: number;
                                hifives: number;
                                id: string;
                                inCatalogue: boolean;
                                isFullPreview: boolean;
                                lastDownloadedAt: string;
                                plays: number;
                                playsInFull: boolean;
                                releaseDate: string | null;
                                title: string;
                                trackNumber: number | null;
                            }[];
                            pagination: {
                                hasMore: boolean;
                                limit: number;
                                page: number;
                                pageCount: number;
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members/{memberID}/my-music/artists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The artists of the member's kept songs, by name (My Music's filter). */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    memberID: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            id: string;
                            name: string;
                            songCount: number;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members/{memberID}/my-music/artists/{artistID}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everything the member keeps by the artist as one zip (STORED entries `Title.ext`), streamed. 202 with the status (Retry-After) until every file in the format is made. */
        get: {
            parameters: {
                query?: {
                    format?: "flac" | "alac" | "aiff" | "wav" | "mp3" | "mp3-v0" | "aac" | "vorbis" | "opus";
                };
                header?: never;
                path: {
                    artistID: string;
                    memberID: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/zip": {
                            made: number;
                            retryAfterSeconds: number;
                            /** @enum {string} */
                            state: "preparing" | "ready";
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members/{memberID}/my-music/artists/{artistID}/download-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How far the artist's zip in a format is made; asking starts making the files it still needs. */
        get: {
            parameters: {
                query?: {
                    format?: "flac" | "alac" | "aiff" | "wav" | "mp3" | "mp3-v0" | "aac" | "vorbis" | "opus";
                };
                header?: never;
                path: {
                    artistID: string;
                    memberID: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            made: number;
                            retryAfterSeconds: number;
                            /** @enum {string} */
                            state: "preparing" | "ready";
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members/{memberID}/my-music/artists/{artistID}/downloads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each format with the length of the zip of everything the member keeps by the artist (estimated until made). */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    artistID: string;
                    memberID: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            bytes: number;
                            estimated: boolean;
                            /** @enum {string} */
                            format: "flac" | "alac" | "aiff" | "wav" | "mp3" | "mp3-v0" | "aac" | "vorbis" | "opus";
                            label: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members/{memberID}/my-music/song-ids": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    memberID: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            songIDs: string[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mzd-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        eventPayload: {
                            /** @enum {string} */
                            action: "favorite" | "listen";
                            /** Format: date-time */
                            clientTime: string;
                        };
                        /** Format: uuid */
                        itemID: string;
                        /** @enum {string} */
                        itemType: "song";
                        /** Format: uuid */
                        memberID: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            counted: boolean;
                            createdAt: string;
                            eventPayload: {
                                /** @enum {string} */
                                action: "favorite" | "listen";
                                clientTime: string;
                            };
                            id: string;
                            itemID: string;
                            /** @enum {string} */
                            itemType: "song";
                            memberID: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/paged/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Accounts a page at a time (admin): role (ADMIN, ARTIST, SUBSCRIBER), status, search of name or email; newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    order?: "asc" | "desc";
                    page?: number;
                    role?: "ADMIN" | "ARTIST" | "SUBSCRIBER";
                    search?: string;
                    sort?: "createdAt" | "name" | "email";
                    status?: "UNCONFIRMED" | "ACTIVE" | "SUSPENDED";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                _id: string;
                                artist: {
                                    _id: string;
                                    id: string;
                                    name: string;
                                    /** @enum {string} */
                                    status: "PENDING" | "ACTIVE" | "INACTIVE" | "CANCELLED";
                                } | null;
                                confirmedAt: string | null;
                                createdAt: string;
                                email: string;
                                firstName: string;
                                id: string;
                                lastName: string;
                                name: string;
                                profileImagePath: string | null;
                                /** @enum {string} */
                                role: "ADMIN" | "ARTIST" | "SUBSCRIBER";
                                status: string;
                                updatedAt: string;
                            }[];
                            pagination: {
                                hasMore: boolean;
                                limit: number;
                                page: number;
                                pageCount: number;
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which card form to use: the local provider's, or Stripe's with its publishable key */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            provider: "local" | "stripe";
                            publishableKey: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/local/connect/onboarding/{linkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The payout onboarding page of a link (local provider only): what is on file (last fours only) and what is missing; 404 once the link has expired or was used */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    linkId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accountName: string;
                            bankAccount: {
                                accountHolder: string;
                                last4: string;
                            } | null;
                            country: string;
                            email: string;
                            expiresAt: string;
                            requirements: string[];
                            returnUrl: string;
                            taxForm: {
                                /** @enum {string} */
                                form: "W-9" | "W-8BEN" | "W-8BEN-E";
                                name: string;
                                signedAt: string;
                            } | null;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Give the bank account, a W-9 or W-8BEN, or both (local provider only; as Stripe's onboarding does): only last fours are kept; spends the link and answers where to go next */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    linkId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        bankAccount?: {
                            accountHolder: string;
                            accountNumber: string;
                            routingNumber: string;
                        };
                        taxForm?: {
                            address: string;
                            businessName?: string;
                            /** @enum {boolean} */
                            certify: true;
                            city: string;
                            /** @enum {string} */
                            form: "W-9";
                            name: string;
                            signature: string;
                            state: string;
                            /** @enum {string} */
                            taxClassification: "individual" | "c_corporation" | "s_corporation" | "partnership" | "trust_estate" | "llc" | "other";
                            tin: string;
                            /** @enum {string} */
                            tinType: "ssn" | "ein";
                            zip: string;
                        } | {
                            address: string;
                            /** @enum {boolean} */
                            certify: true;
                            citizenship: string;
                            city: string;
                            country: string;
                            dateOfBirth: string;
                            foreignTin: string;
                            /** @enum {string} */
                            form: "W-8BEN";
                            name: string;
                            noForeignTinReason: string;
                            postalCode: string;
                            signature: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            requirements: string[];
                            returnUrl: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/local/payment-methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn a card into a payment-method token (local provider only; as Stripe.js does on Stripe) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cardName: string;
                        cvc: string;
                        expMonth: number | string;
                        expYear: number | string;
                        number: string;
                        postalCode: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            brand: "visa" | "mastercard" | "amex" | "discover" | "diners" | "jcb" | "unionpay" | "unknown";
                            last4: string;
                            paymentMethodID: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/webhooks/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The payment provider's signed events (the configured provider only): each applied once; a bad signature is a 400 */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    provider: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            received: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playlists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every playlist, newest first, paged (admins) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    page?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                _id: string;
                                artwork: string | null;
                                artworkPath: string | null;
                                createdAt: string;
                                genre: string | null;
                                HFMPicksPosition: number | null;
                                id: string;
                                isHFMPicks: boolean;
                                isHFMRadio: boolean;
                                label: string | null;
                                listType: string;
                                picksMonth: string | null;
                                position: number;
                                showOnFrontPage: boolean;
                                songs: string[];
                                tags: string[];
                                title: string;
                                type: string;
                                updatedAt: string;
                                userID: string | null;
                            }[];
                            pagination: {
                                hasMore: boolean;
                                limit: number;
                                page: number;
                                pageCount: number;
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create a playlist (no id: Save creates); `songs` in order; the title defaults to 'Untitled' */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        genre?: string | null;
                        HFMPicksPosition?: number | null;
                        isHFMPicks?: boolean;
                        isHFMRadio?: boolean;
                        /** Format: uuid */
                        label?: string | null;
                        listType?: string;
                        position?: number;
                        showOnFrontPage?: boolean;
                        songs?: string[];
                        tags?: string[];
                        title?: string;
                        type?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artwork: string | null;
                            artworkPath: string | null;
                            createdAt: string;
                            genre: string | null;
                            HFMPicksPosition: number | null;
                            id: string;
                            isHFMPicks: boolean;
                            isHFMRadio: boolean;
                            label: string | null;
                            listType: string;
                            picksMonth: string | null;
                            position: number;
                            showOnFrontPage: boolean;
                            songs: string[];
                            tags: string[];
                            title: string;
                            tracks: {
                                _id: string;
                                artistID: string;
                                artistName: string;
                                duration: number | null;
                                explicit: boolean;
                                hifives: number;
                                id: string;
                                optedIn: boolean;
                                plays: number;
                                released: boolean;
                                title: string;
                            }[];
                            type: string;
                            updatedAt: string;
                            userID: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playlists/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A playlist and its released songs in order (ETag; If-None-Match answers 304; Cache-Control: private, no-cache) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            playlist: {
                                _id: string;
                                artworkPath: string | null;
                                genre: {
                                    _id: string;
                                    artwork: string | null;
                                    id: string;
                                    label: string;
                                } | null;
                                HFMPicksPosition: number | null;
                                id: string;
                                isHFMPicks: boolean;
                                isHFMRadio: boolean;
                                position: number;
                                showOnFrontPage: boolean;
                                songCount: number;
                                title: string;
                                type: string;
                            };
                            songs: {
                                _id: string;
                                albumIDs: string[];
                                artistID: string;
                                artistName: string;
                                artistSlug: string;
                                createdAt: string;
                                duration: number | null;
                                explicit: boolean;
                                freeToKeep: boolean;
                                fullPreviewPosition: number;
                                hifives: number;
                                id: string;
                                isFullPreview: boolean;
                                plays: number;
                                playsInFull: boolean;
                                releaseDate: string | null;
                                title: string;
                                trackNumber: number | null;
                            }[];
                        };
                    };
                };
                /** @description Not modified: the If-None-Match tag is current */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
            };
        };
        /** Update a playlist (with an id: Save updates): only the fields sent change; `songs` is the whole list in order */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        genre?: string | null;
                        HFMPicksPosition?: number | null;
                        isHFMPicks?: boolean;
                        isHFMRadio?: boolean;
                        /** Format: uuid */
                        label?: string | null;
                        listType?: string;
                        position?: number;
                        showOnFrontPage?: boolean;
                        songs?: string[];
                        tags?: string[];
                        title?: string;
                        type?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artwork: string | null;
                            artworkPath: string | null;
                            createdAt: string;
                            genre: string | null;
                            HFMPicksPosition: number | null;
                            id: string;
                            isHFMPicks: boolean;
                            isHFMRadio: boolean;
                            label: string | null;
                            listType: string;
                            picksMonth: string | null;
                            position: number;
                            showOnFrontPage: boolean;
                            songs: string[];
                            tags: string[];
                            title: string;
                            tracks: {
                                _id: string;
                                artistID: string;
                                artistName: string;
                                duration: number | null;
                                explicit: boolean;
                                hifives: number;
                                id: string;
                                optedIn: boolean;
                                plays: number;
                                released: boolean;
                                title: string;
                            }[];
                            type: string;
                            updatedAt: string;
                            userID: string | null;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Delete a playlist and its artwork */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Update a playlist (with an id: Save updates): only the fields sent change; `songs` is the whole list in order */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        genre?: string | null;
                        HFMPicksPosition?: number | null;
                        isHFMPicks?: boolean;
                        isHFMRadio?: boolean;
                        /** Format: uuid */
                        label?: string | null;
                        listType?: string;
                        position?: number;
                        showOnFrontPage?: boolean;
                        songs?: string[];
                        tags?: string[];
                        title?: string;
                        type?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artwork: string | null;
                            artworkPath: string | null;
                            createdAt: string;
                            genre: string | null;
                            HFMPicksPosition: number | null;
                            id: string;
                            isHFMPicks: boolean;
                            isHFMRadio: boolean;
                            label: string | null;
                            listType: string;
                            picksMonth: string | null;
                            position: number;
                            showOnFrontPage: boolean;
                            songs: string[];
                            tags: string[];
                            title: string;
                            tracks: {
                                _id: string;
                                artistID: string;
                                artistName: string;
                                duration: number | null;
                                explicit: boolean;
                                hifives: number;
                                id: string;
                                optedIn: boolean;
                                plays: number;
                                released: boolean;
                                title: string;
                            }[];
                            type: string;
                            updatedAt: string;
                            userID: string | null;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/playlists/{id}/edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One playlist with its tracks, for the Edit Playlist modal (admins) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artwork: string | null;
                            artworkPath: string | null;
                            createdAt: string;
                            genre: string | null;
                            HFMPicksPosition: number | null;
                            id: string;
                            isHFMPicks: boolean;
                            isHFMRadio: boolean;
                            label: string | null;
                            listType: string;
                            picksMonth: string | null;
                            position: number;
                            showOnFrontPage: boolean;
                            songs: string[];
                            tags: string[];
                            title: string;
                            tracks: {
                                _id: string;
                                artistID: string;
                                artistName: string;
                                duration: number | null;
                                explicit: boolean;
                                hifives: number;
                                id: string;
                                optedIn: boolean;
                                plays: number;
                                released: boolean;
                                title: string;
                            }[];
                            type: string;
                            updatedAt: string;
                            userID: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playlists/{id}/songs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Put the playlist's songs in a new order (a drag): the same songs, moved; 409 when they are not the playlist's songs (changed meanwhile) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        songIDs: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artwork: string | null;
                            artworkPath: string | null;
                            createdAt: string;
                            genre: string | null;
                            HFMPicksPosition: number | null;
                            id: string;
                            isHFMPicks: boolean;
                            isHFMRadio: boolean;
                            label: string | null;
                            listType: string;
                            picksMonth: string | null;
                            position: number;
                            showOnFrontPage: boolean;
                            songs: string[];
                            tags: string[];
                            title: string;
                            tracks: {
                                _id: string;
                                artistID: string;
                                artistName: string;
                                duration: number | null;
                                explicit: boolean;
                                hifives: number;
                                id: string;
                                optedIn: boolean;
                                plays: number;
                                released: boolean;
                                title: string;
                            }[];
                            type: string;
                            updatedAt: string;
                            userID: string | null;
                        };
                    };
                };
            };
        };
        /** Add a song at the end (409 when it is on the playlist already) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        songID: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artwork: string | null;
                            artworkPath: string | null;
                            createdAt: string;
                            genre: string | null;
                            HFMPicksPosition: number | null;
                            id: string;
                            isHFMPicks: boolean;
                            isHFMRadio: boolean;
                            label: string | null;
                            listType: string;
                            picksMonth: string | null;
                            position: number;
                            showOnFrontPage: boolean;
                            songs: string[];
                            tags: string[];
                            title: string;
                            tracks: {
                                _id: string;
                                artistID: string;
                                artistName: string;
                                duration: number | null;
                                explicit: boolean;
                                hifives: number;
                                id: string;
                                optedIn: boolean;
                                plays: number;
                                released: boolean;
                                title: string;
                            }[];
                            type: string;
                            updatedAt: string;
                            userID: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playlists/{id}/songs/{songId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Take a song off the playlist */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    songId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artwork: string | null;
                            artworkPath: string | null;
                            createdAt: string;
                            genre: string | null;
                            HFMPicksPosition: number | null;
                            id: string;
                            isHFMPicks: boolean;
                            isHFMRadio: boolean;
                            label: string | null;
                            listType: string;
                            picksMonth: string | null;
                            position: number;
                            showOnFrontPage: boolean;
                            songs: string[];
                            tags: string[];
                            title: string;
                            tracks: {
                                _id: string;
                                artistID: string;
                                artistName: string;
                                duration: number | null;
                                explicit: boolean;
                                hifives: number;
                                id: string;
                                optedIn: boolean;
                                plays: number;
                                released: boolean;
                                title: string;
                            }[];
                            type: string;
                            updatedAt: string;
                            userID: string | null;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playlists/agg/member-home-lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Member home and /discover (the same for everyone, signed in or not): front-page playlists by position, HFM Picks by HFMPicksPosition, HFM Radio, featured ACTIVE artists by featuredPosition, genres, and new releases (the 9 newest ACTIVE artists). A playlist's songCount counts the songs fans can hear (ETag; If-None-Match answers 304; Cache-Control: no-cache) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            featuredArtists: {
                                _id: string;
                                bannerImagePath: string | null;
                                createdAt: string;
                                featuredBio: string | null;
                                featuredPosition: number;
                                genre: {
                                    _id: string;
                                    artwork: string | null;
                                    id: string;
                                    label: string;
                                } | null;
                                hifives: number;
                                id: string;
                                name: string;
                                photo: string | null;
                                slug: string;
                            }[];
                            frontPage: {
                                _id: string;
                                artworkPath: string | null;
                                genre: {
                                    _id: string;
                                    artwork: string | null;
                                    id: string;
                                    label: string;
                                } | null;
                                HFMPicksPosition: number | null;
                                id: string;
                                isHFMPicks: boolean;
                                isHFMRadio: boolean;
                                position: number;
                                showOnFrontPage: boolean;
                                songCount: number;
                                title: string;
                                type: string;
                            }[];
                            genres: {
                                _id: string;
                                artwork: string | null;
                                id: string;
                                label: string;
                            }[];
                            hfmPicks: {
                                _id: string;
                                artworkPath: string | null;
                                genre: {
                                    _id: string;
                                    artwork: string | null;
                                    id: string;
                                    label: string;
                                } | null;
                                HFMPicksPosition: number | null;
                                id: string;
                                isHFMPicks: boolean;
                                isHFMRadio: boolean;
                                position: number;
                                showOnFrontPage: boolean;
                                songCount: number;
                                title: string;
                                type: string;
                            }[];
                            hfmRadio: {
                                _id: string;
                                artworkPath: string | null;
                                genre: {
                                    _id: string;
                                    artwork: string | null;
                                    id: string;
                                    label: string;
                                } | null;
                                HFMPicksPosition: number | null;
                                id: string;
                                isHFMPicks: boolean;
                                isHFMRadio: boolean;
                                position: number;
                                showOnFrontPage: boolean;
                                songCount: number;
                                title: string;
                                type: string;
                            }[];
                            newReleases: {
                                _id: string;
                                bannerImagePath: string | null;
                                createdAt: string;
                                featuredBio: string | null;
                                featuredPosition: number;
                                genre: {
                                    _id: string;
                                    artwork: string | null;
                                    id: string;
                                    label: string;
                                } | null;
                                hifives: number;
                                id: string;
                                name: string;
                                photo: string | null;
                                slug: string;
                            }[];
                        };
                    };
                };
                /** @description Not modified: the If-None-Match tag is current */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playlists/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a playlist (no id: Save creates); `songs` in order; the title defaults to 'Untitled' */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        genre?: string | null;
                        HFMPicksPosition?: number | null;
                        isHFMPicks?: boolean;
                        isHFMRadio?: boolean;
                        /** Format: uuid */
                        label?: string | null;
                        listType?: string;
                        position?: number;
                        showOnFrontPage?: boolean;
                        songs?: string[];
                        tags?: string[];
                        title?: string;
                        type?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artwork: string | null;
                            artworkPath: string | null;
                            createdAt: string;
                            genre: string | null;
                            HFMPicksPosition: number | null;
                            id: string;
                            isHFMPicks: boolean;
                            isHFMRadio: boolean;
                            label: string | null;
                            listType: string;
                            picksMonth: string | null;
                            position: number;
                            showOnFrontPage: boolean;
                            songs: string[];
                            tags: string[];
                            title: string;
                            tracks: {
                                _id: string;
                                artistID: string;
                                artistName: string;
                                duration: number | null;
                                explicit: boolean;
                                hifives: number;
                                id: string;
                                optedIn: boolean;
                                plays: number;
                                released: boolean;
                                title: string;
                            }[];
                            type: string;
                            updatedAt: string;
                            userID: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playlists/hfm-picks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Generate this month's HFM Picks: 'Summer Driving', 'Night Driving' and 'Fall Driving' (HFMPicksPosition 1 to 3), five released songs each of ACTIVE artists who opted in, one track per artist; once a month (again: the same three, generated false; with regenerate=true three new ones replace them); 409 when no song can be picked */
        post: {
            parameters: {
                query?: {
                    regenerate?: "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            generated: boolean;
                            month: string;
                            notice: string | null;
                            playlists: {
                                _id: string;
                                artwork: string | null;
                                artworkPath: string | null;
                                createdAt: string;
                                genre: string | null;
                                HFMPicksPosition: number | null;
                                id: string;
                                isHFMPicks: boolean;
                                isHFMRadio: boolean;
                                label: string | null;
                                listType: string;
                                picksMonth: string | null;
                                position: number;
                                showOnFrontPage: boolean;
                                songs: string[];
                                tags: string[];
                                title: string;
                                tracks: {
                                    _id: string;
                                    artistID: string;
                                    artistName: string;
                                    duration: number | null;
                                    explicit: boolean;
                                    hifives: number;
                                    id: string;
                                    optedIn: boolean;
                                    plays: number;
                                    released: boolean;
                                    title: string;
                                }[];
                                type: string;
                                updatedAt: string;
                                userID: string | null;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playlists/remove/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a playlist and its artwork */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playlists/upload/artwork/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Upload the artwork (PNG or JPEG, cropped to 383 x 254 in the browser) as a data URL or a multipart file; stored under playlist-images/{id}/; answers the playlist with its artworkPath */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            /** @description JSON `{ imageData: data URL }`, or multipart/form-data with an `imageData` file part (or data-URL field) */
            requestBody: {
                content: {
                    "application/json": {
                        fileName?: string | null;
                        imageData: string;
                        path?: string | null;
                    } | null;
                    "multipart/form-data": {
                        fileName?: string | null;
                        imageData: string;
                        path?: string | null;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artwork: string | null;
                            artworkPath: string | null;
                            createdAt: string;
                            genre: string | null;
                            HFMPicksPosition: number | null;
                            id: string;
                            isHFMPicks: boolean;
                            isHFMRadio: boolean;
                            label: string | null;
                            listType: string;
                            picksMonth: string | null;
                            position: number;
                            showOnFrontPage: boolean;
                            songs: string[];
                            tags: string[];
                            title: string;
                            tracks: {
                                _id: string;
                                artistID: string;
                                artistName: string;
                                duration: number | null;
                                explicit: boolean;
                                hifives: number;
                                id: string;
                                optedIn: boolean;
                                plays: number;
                                released: boolean;
                                title: string;
                            }[];
                            type: string;
                            updatedAt: string;
                            userID: string | null;
                        };
                    };
                };
            };
        };
        /** Upload the artwork (PNG or JPEG, cropped to 383 x 254 in the browser) as a data URL or a multipart file; stored under playlist-images/{id}/; answers the playlist with its artworkPath */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            /** @description JSON `{ imageData: data URL }`, or multipart/form-data with an `imageData` file part (or data-URL field) */
            requestBody: {
                content: {
                    "application/json": {
                        fileName?: string | null;
                        imageData: string;
                        path?: string | null;
                    } | null;
                    "multipart/form-data": {
                        fileName?: string | null;
                        imageData: string;
                        path?: string | null;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artwork: string | null;
                            artworkPath: string | null;
                            createdAt: string;
                            genre: string | null;
                            HFMPicksPosition: number | null;
                            id: string;
                            isHFMPicks: boolean;
                            isHFMRadio: boolean;
                            label: string | null;
                            listType: string;
                            picksMonth: string | null;
                            position: number;
                            showOnFrontPage: boolean;
                            songs: string[];
                            tags: string[];
                            title: string;
                            tracks: {
                                _id: string;
                                artistID: string;
                                artistName: string;
                                duration: number | null;
                                explicit: boolean;
                                hifives: number;
                                id: string;
                                optedIn: boolean;
                                plays: number;
                                released: boolean;
                                title: string;
                            }[];
                            type: string;
                            updatedAt: string;
                            userID: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/profile-image/upload/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a profile image (PNG or JPEG; self or admin) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            /** @description JSON, or multipart/form-data with an `imageData` file part */
            requestBody: {
                content: {
                    "application/json": {
                        fileName?: string | null;
                        imageData: string;
                        path?: string | null;
                    } | null;
                    "multipart/form-data": {
                        fileName?: string | null;
                        imageData: string;
                        path?: string | null;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            path: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/releases/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** New for you: released songs of the artists the member subscribes to that they have not played (the newest 24), and how many in all (My Music's badge) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            count: number;
                            items: {
                                _id: string;
                                albumIDs: string[];
                                artistID: string;
                                artistName: string;
                                artistSlug: string;
                                createdAt: string;
                                duration: number | null;
                                explicit: boolean;
                                freeToKeep: boolean;
                                fullPreviewPosition: number;
                                hifives: number;
                                id: string;
                                isFullPreview: boolean;
                                plays: number;
                                playsInFull: boolean;
                                releasedAt: string;
                                releaseDate: string | null;
                                title: string;
                                trackNumber: number | null;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/releases/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The release mail settings: all on or off, and on or off per artist subscribed to */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            all: boolean;
                            artists: {
                                artistID: string;
                                name: string;
                                on: boolean;
                            }[];
                        };
                    };
                };
            };
        };
        /** Turn release mails on or off: all, or per artist subscribed to (answers the settings) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        all?: boolean;
                        artists?: {
                            /** Format: uuid */
                            artistID: string;
                            on: boolean;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            all: boolean;
                            artists: {
                                artistID: string;
                                name: string;
                                on: boolean;
                            }[];
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/releases/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A release mail's unsubscribe link (signed; no sign-in): a page asking to confirm */
        get: {
            parameters: {
                query: {
                    token: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An HTML page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
            };
        };
        put?: never;
        /** Unsubscribe by a release mail's link (the confirm page's button, or a mail app's List-Unsubscribe-Post one-click) */
        post: {
            parameters: {
                query: {
                    token: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An HTML page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search artists, songs and albums by name or title
         * @description Artists (name), songs (title) and albums (name) containing `s` case-insensitively, only of ACTIVE artists whose searchStatus.isSearchable is true, and only released songs. One flat list: artists, then songs, then albums, each result with its `type`; within each type the best matches first (exact, then prefix, then trigram similarity, then shorter) and at most 10. A term shorter than 3 characters (after trimming) answers an empty list; one longer than 100 is a 400. `%`, `_` and `\` match themselves. ETag; If-None-Match answers 304; Cache-Control: no-cache (results change as artists publish).
         */
        get: {
            parameters: {
                query?: {
                    s?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            _id: string;
                            artistID: string;
                            artistName: string;
                            artistSlug: string;
                            duration: number | null;
                            id: string;
                            isFullPreview: boolean;
                            title: string;
                            /** @enum {string} */
                            type: "song";
                        } | {
                            _id: string;
                            genre: string | null;
                            id: string;
                            name: string;
                            photo: string | null;
                            slug: string;
                            /** @enum {string} */
                            type: "artist";
                        } | {
                            _id: string;
                            artistID: string;
                            artistName: string;
                            artistSlug: string;
                            artworkPath: string;
                            id: string;
                            name: string;
                            /** @enum {string} */
                            type: "album";
                        })[];
                    };
                };
                /** @description Not modified: the If-None-Match tag is current */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    page?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                _id: string;
                                active: boolean;
                                additionalArtists: string | null;
                                albumID: string | null;
                                albumIDs: string[];
                                artistID: string;
                                comment: string | null;
                                createdAt: string;
                                /** @enum {string|null} */
                                downloads: "preparing" | "ready" | "failed" | null;
                                duration: number | null;
                                embedCode: string | null;
                                explicit: boolean;
                                failureReason: string | null;
                                fullPreviewPosition: number;
                                hifives: number;
                                id: string;
                                isExclusive: boolean;
                                isFullPreview: boolean;
                                ISRC: string | null;
                                loudness: {
                                    integratedLufs: number;
                                    lra: number;
                                    truePeakDb: number;
                                } | null;
                                plays: number;
                                publisher: string | null;
                                releaseAt: string | null;
                                releaseDate: string | null;
                                songWriters: string | null;
                                /** @enum {string} */
                                status: "pending" | "uploading" | "ready" | "failed";
                                title: string;
                                trackNumber: number | null;
                                updatedAt: string;
                            }[];
                            pagination: {
                                hasMore: boolean;
                                limit: number;
                                page: number;
                                pageCount: number;
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        active?: boolean;
                        additionalArtists?: string | null;
                        albumIDs?: string[];
                        /** Format: uuid */
                        artistID?: string;
                        comment?: string | null;
                        embedCode?: string | null;
                        explicit?: boolean;
                        isExclusive?: boolean;
                        ISRC?: string | null;
                        publisher?: string | null;
                        /** Format: date-time */
                        releaseAt?: string | null;
                        releaseDate: string;
                        songWriters?: string | null;
                        title?: string | null;
                        trackNumber?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            active: boolean;
                            additionalArtists: string | null;
                            albumID: string | null;
                            albumIDs: string[];
                            artistID: string;
                            comment: string | null;
                            createdAt: string;
                            /** @enum {string|null} */
                            downloads: "preparing" | "ready" | "failed" | null;
                            duration: number | null;
                            embedCode: string | null;
                            explicit: boolean;
                            failureReason: string | null;
                            fullPreviewPosition: number;
                            hifives: number;
                            id: string;
                            isExclusive: boolean;
                            isFullPreview: boolean;
                            ISRC: string | null;
                            loudness: {
                                integratedLufs: number;
                                lra: number;
                                truePeakDb: number;
                            } | null;
                            plays: number;
                            publisher: string | null;
                            releaseAt: string | null;
                            releaseDate: string | null;
                            songWriters: string | null;
                            /** @enum {string} */
                            status: "pending" | "uploading" | "ready" | "failed";
                            title: string;
                            trackNumber: number | null;
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            active: boolean;
                            additionalArtists: string | null;
                            albumID: string | null;
                            albumIDs: string[];
                            artistID: string;
                            comment: string | null;
                            createdAt: string;
                            /** @enum {string|null} */
                            downloads: "preparing" | "ready" | "failed" | null;
                            duration: number | null;
                            embedCode: string | null;
                            explicit: boolean;
                            failureReason: string | null;
                            fullPreviewPosition: number;
                            hifives: number;
                            id: string;
                            isExclusive: boolean;
                            isFullPreview: boolean;
                            ISRC: string | null;
                            loudness: {
                                integratedLufs: number;
                                lra: number;
                                truePeakDb: number;
                            } | null;
                            plays: number;
                            publisher: string | null;
                            releaseAt: string | null;
                            releaseDate: string | null;
                            songWriters: string | null;
                            /** @enum {string} */
                            status: "pending" | "uploading" | "ready" | "failed";
                            title: string;
                            trackNumber: number | null;
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        active?: boolean;
                        additionalArtists?: string | null;
                        albumIDs?: string[];
                        comment?: string | null;
                        embedCode?: string | null;
                        explicit?: boolean;
                        isExclusive?: boolean;
                        ISRC?: string | null;
                        publisher?: string | null;
                        /** Format: date-time */
                        releaseAt?: string | null;
                        releaseDate?: string;
                        songWriters?: string | null;
                        title?: string | null;
                        trackNumber?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            active: boolean;
                            additionalArtists: string | null;
                            albumID: string | null;
                            albumIDs: string[];
                            artistID: string;
                            comment: string | null;
                            createdAt: string;
                            /** @enum {string|null} */
                            downloads: "preparing" | "ready" | "failed" | null;
                            duration: number | null;
                            embedCode: string | null;
                            explicit: boolean;
                            failureReason: string | null;
                            fullPreviewPosition: number;
                            hifives: number;
                            id: string;
                            isExclusive: boolean;
                            isFullPreview: boolean;
                            ISRC: string | null;
                            loudness: {
                                integratedLufs: number;
                                lra: number;
                                truePeakDb: number;
                            } | null;
                            plays: number;
                            publisher: string | null;
                            releaseAt: string | null;
                            releaseDate: string | null;
                            songWriters: string | null;
                            /** @enum {string} */
                            status: "pending" | "uploading" | "ready" | "failed";
                            title: string;
                            trackNumber: number | null;
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        active?: boolean;
                        additionalArtists?: string | null;
                        albumIDs?: string[];
                        comment?: string | null;
                        embedCode?: string | null;
                        explicit?: boolean;
                        isExclusive?: boolean;
                        ISRC?: string | null;
                        publisher?: string | null;
                        /** Format: date-time */
                        releaseAt?: string | null;
                        releaseDate?: string;
                        songWriters?: string | null;
                        title?: string | null;
                        trackNumber?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            active: boolean;
                            additionalArtists: string | null;
                            albumID: string | null;
                            albumIDs: string[];
                            artistID: string;
                            comment: string | null;
                            createdAt: string;
                            /** @enum {string|null} */
                            downloads: "preparing" | "ready" | "failed" | null;
                            duration: number | null;
                            embedCode: string | null;
                            explicit: boolean;
                            failureReason: string | null;
                            fullPreviewPosition: number;
                            hifives: number;
                            id: string;
                            isExclusive: boolean;
                            isFullPreview: boolean;
                            ISRC: string | null;
                            loudness: {
                                integratedLufs: number;
                                lra: number;
                                truePeakDb: number;
                            } | null;
                            plays: number;
                            publisher: string | null;
                            releaseAt: string | null;
                            releaseDate: string | null;
                            songWriters: string | null;
                            /** @enum {string} */
                            status: "pending" | "uploading" | "ready" | "failed";
                            title: string;
                            trackNumber: number | null;
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/songs/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A signed URL of the song in a format; 202 (Retry-After) while a format made on first request is being made. */
        get: {
            parameters: {
                query?: {
                    format?: "flac" | "alac" | "aiff" | "wav" | "mp3" | "mp3-v0" | "aac" | "vorbis" | "opus";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            url: string;
                        };
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            retryAfterSeconds: number;
                            /** @enum {string} */
                            state: "preparing";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs/{id}/downloads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            bytes: number;
                            estimated: boolean;
                            /** @enum {string} */
                            format: "flac" | "alac" | "aiff" | "wav" | "mp3" | "mp3-v0" | "aac" | "vorbis" | "opus";
                            label: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs/{id}/peaks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            count: number;
                            id: string;
                            peaks: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs/{id}/play": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dash: string | null;
                            duration: number | null;
                            full: boolean;
                            gainDb: number;
                            hls: string | null;
                            playableSeconds: number | null;
                            preview: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs/artist/{artistID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    page?: number;
                };
                header?: never;
                path: {
                    artistID: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                _id: string;
                                active: boolean;
                                additionalArtists: string | null;
                                albumID: string | null;
                                albumIDs: string[];
                                artistID: string;
                                comment: string | null;
                                createdAt: string;
                                /** @enum {string|null} */
                                downloads: "preparing" | "ready" | "failed" | null;
                                duration: number | null;
                                embedCode: string | null;
                                explicit: boolean;
                                failureReason: string | null;
                                fullPreviewPosition: number;
                                hifives: number;
                                id: string;
                                isExclusive: boolean;
                                isFullPreview: boolean;
                                ISRC: string | null;
                                loudness: {
                                    integratedLufs: number;
                                    lra: number;
                                    truePeakDb: number;
                                } | null;
                                plays: number;
                                publisher: string | null;
                                releaseAt: string | null;
                                releaseDate: string | null;
                                songWriters: string | null;
                                /** @enum {string} */
                                status: "pending" | "uploading" | "ready" | "failed";
                                title: string;
                                trackNumber: number | null;
                                updatedAt: string;
                            }[];
                            pagination: {
                                hasMore: boolean;
                                limit: number;
                                page: number;
                                pageCount: number;
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs/full-preview-position/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        artistID?: string;
                        position: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            fullPreviewPosition: number;
                            id: string;
                            isFullPreview: boolean;
                            updatedAt: string;
                        }[];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs/full-preview-remove/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            fullPreviewPosition: number;
                            id: string;
                            isFullPreview: boolean;
                            updatedAt: string;
                        }[];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs/remove/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs/upload-complete/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        artistID?: string | null;
                        fileName?: string | null;
                        key: string;
                        parts: {
                            ETag: string;
                            PartNumber: number;
                        }[];
                        s3Path?: string | null;
                        uploadId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            active: boolean;
                            additionalArtists: string | null;
                            albumID: string | null;
                            albumIDs: string[];
                            artistID: string;
                            comment: string | null;
                            createdAt: string;
                            /** @enum {string|null} */
                            downloads: "preparing" | "ready" | "failed" | null;
                            duration: number | null;
                            embedCode: string | null;
                            explicit: boolean;
                            failureReason: string | null;
                            fullPreviewPosition: number;
                            hifives: number;
                            id: string;
                            isExclusive: boolean;
                            isFullPreview: boolean;
                            ISRC: string | null;
                            loudness: {
                                integratedLufs: number;
                                lra: number;
                                truePeakDb: number;
                            } | null;
                            plays: number;
                            publisher: string | null;
                            releaseAt: string | null;
                            releaseDate: string | null;
                            songWriters: string | null;
                            /** @enum {string} */
                            status: "pending" | "uploading" | "ready" | "failed";
                            title: string;
                            trackNumber: number | null;
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs/upload-limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in artist’s upload rules (sample rate, length, file size) and the room left */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            awaitingApproval: boolean;
                            bytesLeft: number;
                            extensions: string[];
                            formats: string[];
                            maxFileBytes: number;
                            maxSongSeconds: number;
                            minSampleRate: number;
                            songsLeft: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs/upload-parts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query: {
                    key: string;
                    uploadId: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            parts: {
                                ETag: string;
                                PartNumber: number;
                                Size: number;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs/upload-presigned/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        files: {
                            name: string;
                            s3Path?: string | null;
                            size: number;
                            /** @default  */
                            type?: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            key: string;
                            uploadId: string;
                            urls: string[];
                        }[];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/songs/upload/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            active: boolean;
                            additionalArtists: string | null;
                            albumID: string | null;
                            albumIDs: string[];
                            artistID: string;
                            comment: string | null;
                            createdAt: string;
                            /** @enum {string|null} */
                            downloads: "preparing" | "ready" | "failed" | null;
                            duration: number | null;
                            embedCode: string | null;
                            explicit: boolean;
                            failureReason: string | null;
                            fullPreviewPosition: number;
                            hifives: number;
                            id: string;
                            isExclusive: boolean;
                            isFullPreview: boolean;
                            ISRC: string | null;
                            loudness: {
                                integratedLufs: number;
                                lra: number;
                                truePeakDb: number;
                            } | null;
                            plays: number;
                            publisher: string | null;
                            releaseAt: string | null;
                            releaseDate: string | null;
                            songWriters: string | null;
                            /** @enum {string} */
                            status: "pending" | "uploading" | "ready" | "failed";
                            title: string;
                            trackNumber: number | null;
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Subscribe to an ACTIVE artist for one year (999 cents) with a saved card; the Idempotency-Key header makes a repeat charge once */
        post: {
            parameters: {
                query?: never;
                header?: {
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        artistID: string;
                        /** Format: uuid */
                        memberID: string;
                        paymentMethodID: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            relatedArtists: {
                                _id: string;
                                bannerImagePath: string | null;
                                createdAt: string;
                                featuredBio: string | null;
                                featuredPosition: number;
                                genre: {
                                    _id: string;
                                    artwork: string | null;
                                    id: string;
                                    label: string;
                                } | null;
                                hifives: number;
                                id: string;
                                name: string;
                                photo: string | null;
                                slug: string;
                            }[];
                            subscription: {
                                _id: string;
                                artistID: string;
                                artistName: string;
                                cancelAtPeriodEnd: boolean;
                                createdAt: string;
                                currentPeriodEnd: string;
                                currentPeriodStart: string;
                                id: string;
                                memberID: string;
                                paymentMethodID: string | null;
                                priceCents: number;
                                renewsAt: string | null;
                                /** @enum {string} */
                                status: "incomplete" | "active" | "past_due" | "canceled" | "lapsed" | "declined";
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop renewal: access lasts to the end of the paid term (its member or an admin) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artistID: string;
                            artistName: string;
                            cancelAtPeriodEnd: boolean;
                            createdAt: string;
                            currentPeriodEnd: string;
                            currentPeriodStart: string;
                            id: string;
                            memberID: string;
                            paymentMethodID: string | null;
                            priceCents: number;
                            renewsAt: string | null;
                            /** @enum {string} */
                            status: "incomplete" | "active" | "past_due" | "canceled" | "lapsed" | "declined";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Undo a cancel while the paid term runs: it renews again (its member or an admin); 409 once the term has ended or the artist has left */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artistID: string;
                            artistName: string;
                            cancelAtPeriodEnd: boolean;
                            createdAt: string;
                            currentPeriodEnd: string;
                            currentPeriodStart: string;
                            id: string;
                            memberID: string;
                            paymentMethodID: string | null;
                            priceCents: number;
                            renewsAt: string | null;
                            /** @enum {string} */
                            status: "incomplete" | "active" | "past_due" | "canceled" | "lapsed" | "declined";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/attach-payment-method/{memberID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save a card token (from the card form) to the member: themself only; 402 when the issuer refuses it */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    memberID: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cardName?: string;
                        paymentMethodID: string;
                        postalCode?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            /** @enum {string} */
                            brand: "visa" | "mastercard" | "amex" | "discover" | "diners" | "jcb" | "unionpay" | "unknown";
                            cardName: string;
                            createdAt: string;
                            expMonth: number;
                            expYear: number;
                            id: string;
                            last4: string;
                            paymentMethodID: string;
                            postalCode: string;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            /** @enum {string} */
                            brand: "visa" | "mastercard" | "amex" | "discover" | "diners" | "jcb" | "unionpay" | "unknown";
                            cardName: string;
                            createdAt: string;
                            expMonth: number;
                            expYear: number;
                            id: string;
                            last4: string;
                            paymentMethodID: string;
                            postalCode: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/card-list/{memberID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The member's saved cards (brand, last four, expiry; never a number): themself or an admin */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    memberID: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            /** @enum {string} */
                            brand: "visa" | "mastercard" | "amex" | "discover" | "diners" | "jcb" | "unionpay" | "unknown";
                            cardName: string;
                            createdAt: string;
                            expMonth: number;
                            expYear: number;
                            id: string;
                            last4: string;
                            paymentMethodID: string;
                            postalCode: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/card-setup/{memberID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stripe only: a SetupIntent's client secret for Stripe.js's card element: themself only */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    memberID: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            clientSecret: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/member/{memberID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The member's subscriptions with their renewal dates: themself or an admin */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    memberID: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artistID: string;
                            artistName: string;
                            cancelAtPeriodEnd: boolean;
                            createdAt: string;
                            currentPeriodEnd: string;
                            currentPeriodStart: string;
                            id: string;
                            memberID: string;
                            paymentMethodID: string | null;
                            priceCents: number;
                            renewsAt: string | null;
                            /** @enum {string} */
                            status: "incomplete" | "active" | "past_due" | "canceled" | "lapsed" | "declined";
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/payment-methods/{memberID}/{cardId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a saved card: themself only; 409 while it pays for a subscription that renews */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cardId: string;
                    memberID: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/payments/{memberID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The member's receipts (charges, renewals, refunds, refused renewals), newest first: themself or an admin */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    page?: number;
                };
                header?: never;
                path: {
                    memberID: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                amountCents: number;
                                artistID: string | null;
                                artistName: string;
                                cardBrand: string | null;
                                cardLast4: string | null;
                                createdAt: string;
                                currency: string;
                                failureReason: string | null;
                                id: string;
                                /** @enum {string} */
                                kind: "charge" | "renewal" | "refund" | "dispute" | "failed_renewal";
                                number: string;
                                periodEnd: string | null;
                                periodStart: string | null;
                                retryAt: string | null;
                                subscriptionID: string | null;
                                termNumber: number | null;
                            }[];
                            pagination: {
                                hasMore: boolean;
                                limit: number;
                                page: number;
                                pageCount: number;
                                total: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/receipts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One receipt: its member or an admin (to others it does not exist) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            amountCents: number;
                            artistID: string | null;
                            artistName: string;
                            cardBrand: string | null;
                            cardLast4: string | null;
                            createdAt: string;
                            currency: string;
                            failureReason: string | null;
                            id: string;
                            /** @enum {string} */
                            kind: "charge" | "renewal" | "refund" | "dispute" | "failed_renewal";
                            number: string;
                            periodEnd: string | null;
                            periodStart: string | null;
                            retryAt: string | null;
                            subscriptionID: string | null;
                            termNumber: number | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One account (self or admin; another existing account is a 403) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            createdAt: string;
                            dob: string | null;
                            email: string;
                            firstName: string;
                            gender: string | null;
                            hfmPicksOptIn: boolean;
                            hiFived: {
                                id: string;
                                itemID: string;
                            }[];
                            id: string;
                            lastName: string;
                            location: string | null;
                            name: string;
                            phoneNumber: string | null;
                            profileImage: string | null;
                            profileImagePath: string | null;
                            /** @enum {string} */
                            role: "ADMIN" | "ARTIST" | "SUBSCRIBER";
                            status: string;
                            subscribedTo: {
                                artistID: string;
                            }[];
                            updatedAt: string;
                            userName: string;
                        };
                    };
                };
            };
        };
        /** Update account info (self or admin); date of birth and email cannot change */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        dob?: string;
                        email?: string;
                        firstName?: string;
                        /** @enum {string} */
                        gender?: "MALE" | "FEMALE" | "NON-BINARY" | "PREFER NOT TO SAY";
                        hfmPicksOptIn?: boolean;
                        lastName?: string;
                        location?: ("Alabama" | "Alaska" | "Arizona" | "Arkansas" | "California" | "Colorado" | "Connecticut" | "Delaware" | "District of Columbia" | "Florida" | "Georgia" | "Hawaii" | "Idaho" | "Illinois" | "Indiana" | "Iowa" | "Kansas" | "Kentucky" | "Louisiana" | "Maine" | "Maryland" | "Massachusetts" | "Michigan" | "Minnesota" | "Mississippi" | "Missouri" | "Montana" | "Nebraska" | "Nevada" | "New Hampshire" | "New Jersey" | "New Mexico" | "New York" | "North Carolina" | "North Dakota" | "Ohio" | "Oklahoma" | "Oregon" | "Pennsylvania" | "Rhode Island" | "South Carolina" | "South Dakota" | "Tennessee" | "Texas" | "Utah" | "Vermont" | "Virginia" | "Washington" | "West Virginia" | "Wisconsin" | "Wyoming" | "Other" | null) | "";
                        phoneNumber?: string | null;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            createdAt: string;
                            dob: string | null;
                            email: string;
                            firstName: string;
                            gender: string | null;
                            hfmPicksOptIn: boolean;
                            hiFived: {
                                id: string;
                                itemID: string;
                            }[];
                            id: string;
                            lastName: string;
                            location: string | null;
                            name: string;
                            phoneNumber: string | null;
                            profileImage: string | null;
                            profileImagePath: string | null;
                            /** @enum {string} */
                            role: "ADMIN" | "ARTIST" | "SUBSCRIBER";
                            status: string;
                            subscribedTo: {
                                artistID: string;
                            }[];
                            updatedAt: string;
                            userName: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Delete a fan's account (self, or an admin), confirmed with the caller's current password: every session ends, personal data goes, payment records stay (docs/decisions/0014) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        currentPassword: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Update account info (self or admin); date of birth and email cannot change */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        dob?: string;
                        email?: string;
                        firstName?: string;
                        /** @enum {string} */
                        gender?: "MALE" | "FEMALE" | "NON-BINARY" | "PREFER NOT TO SAY";
                        hfmPicksOptIn?: boolean;
                        lastName?: string;
                        location?: ("Alabama" | "Alaska" | "Arizona" | "Arkansas" | "California" | "Colorado" | "Connecticut" | "Delaware" | "District of Columbia" | "Florida" | "Georgia" | "Hawaii" | "Idaho" | "Illinois" | "Indiana" | "Iowa" | "Kansas" | "Kentucky" | "Louisiana" | "Maine" | "Maryland" | "Massachusetts" | "Michigan" | "Minnesota" | "Mississippi" | "Missouri" | "Montana" | "Nebraska" | "Nevada" | "New Hampshire" | "New Jersey" | "New Mexico" | "New York" | "North Carolina" | "North Dakota" | "Ohio" | "Oklahoma" | "Oregon" | "Pennsylvania" | "Rhode Island" | "South Carolina" | "South Dakota" | "Tennessee" | "Texas" | "Utah" | "Vermont" | "Virginia" | "Washington" | "West Virginia" | "Wisconsin" | "Wyoming" | "Other" | null) | "";
                        phoneNumber?: string | null;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            createdAt: string;
                            dob: string | null;
                            email: string;
                            firstName: string;
                            gender: string | null;
                            hfmPicksOptIn: boolean;
                            hiFived: {
                                id: string;
                                itemID: string;
                            }[];
                            id: string;
                            lastName: string;
                            location: string | null;
                            name: string;
                            phoneNumber: string | null;
                            profileImage: string | null;
                            profileImagePath: string | null;
                            /** @enum {string} */
                            role: "ADMIN" | "ARTIST" | "SUBSCRIBER";
                            status: string;
                            subscribedTo: {
                                artistID: string;
                            }[];
                            updatedAt: string;
                            userName: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/users/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable an account (admin): SUSPENDED, every session ends at once, sign-in refused; admin accounts cannot be disabled (409) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artist: {
                                _id: string;
                                id: string;
                                name: string;
                                /** @enum {string} */
                                status: "PENDING" | "ACTIVE" | "INACTIVE" | "CANCELLED";
                            } | null;
                            confirmedAt: string | null;
                            createdAt: string;
                            email: string;
                            firstName: string;
                            id: string;
                            lastName: string;
                            name: string;
                            profileImagePath: string | null;
                            /** @enum {string} */
                            role: "ADMIN" | "ARTIST" | "SUBSCRIBER";
                            status: string;
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enable a disabled account again (admin): ACTIVE, or UNCONFIRMED if never confirmed */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            artist: {
                                _id: string;
                                id: string;
                                name: string;
                                /** @enum {string} */
                                status: "PENDING" | "ACTIVE" | "INACTIVE" | "CANCELLED";
                            } | null;
                            confirmedAt: string | null;
                            createdAt: string;
                            email: string;
                            firstName: string;
                            id: string;
                            lastName: string;
                            name: string;
                            profileImagePath: string | null;
                            /** @enum {string} */
                            role: "ADMIN" | "ARTIST" | "SUBSCRIBER";
                            status: string;
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/check-email/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether an account with this email exists */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    email: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            exists: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Fan sign-up: an unconfirmed subscriber, mailed a 6-digit code */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        confirmPassword: string;
                        dob: string;
                        email: string;
                        fileName?: string | null;
                        firstName: string;
                        /** @enum {string} */
                        gender: "MALE" | "FEMALE" | "NON-BINARY" | "PREFER NOT TO SAY";
                        lastName: string;
                        location?: ("Alabama" | "Alaska" | "Arizona" | "Arkansas" | "California" | "Colorado" | "Connecticut" | "Delaware" | "District of Columbia" | "Florida" | "Georgia" | "Hawaii" | "Idaho" | "Illinois" | "Indiana" | "Iowa" | "Kansas" | "Kentucky" | "Louisiana" | "Maine" | "Maryland" | "Massachusetts" | "Michigan" | "Minnesota" | "Mississippi" | "Missouri" | "Montana" | "Nebraska" | "Nevada" | "New Hampshire" | "New Jersey" | "New Mexico" | "New York" | "North Carolina" | "North Dakota" | "Ohio" | "Oklahoma" | "Oregon" | "Pennsylvania" | "Rhode Island" | "South Carolina" | "South Dakota" | "Tennessee" | "Texas" | "Utah" | "Vermont" | "Virginia" | "Washington" | "West Virginia" | "Wisconsin" | "Wyoming" | "Other" | null) | "";
                        password: string;
                        phoneNumber?: string | null;
                        profileImageData?: string | null;
                        role?: string;
                        socialToken?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            createdAt: string;
                            dob: string | null;
                            email: string;
                            firstName: string;
                            gender: string | null;
                            hfmPicksOptIn: boolean;
                            hiFived: {
                                id: string;
                                itemID: string;
                            }[];
                            id: string;
                            lastName: string;
                            location: string | null;
                            name: string;
                            phoneNumber: string | null;
                            profileImage: string | null;
                            profileImagePath: string | null;
                            /** @enum {string} */
                            role: "ADMIN" | "ARTIST" | "SUBSCRIBER";
                            status: string;
                            subscribedTo: {
                                artistID: string;
                            }[];
                            updatedAt: string;
                            userName: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/password/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change password (self only); the other sessions end */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        confirmPassword: string;
                        currentPassword: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/remove/profile-image/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove the profile image (self or admin) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _id: string;
                            createdAt: string;
                            dob: string | null;
                            email: string;
                            firstName: string;
                            gender: string | null;
                            hfmPicksOptIn: boolean;
                            hiFived: {
                                id: string;
                                itemID: string;
                            }[];
                            id: string;
                            lastName: string;
                            location: string | null;
                            name: string;
                            phoneNumber: string | null;
                            profileImage: string | null;
                            profileImagePath: string | null;
                            /** @enum {string} */
                            role: "ADMIN" | "ARTIST" | "SUBSCRIBER";
                            status: string;
                            subscribedTo: {
                                artistID: string;
                            }[];
                            updatedAt: string;
                            userName: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/session/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user, and for an artist the artist with songs and albums */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            artist: {
                                _id: string;
                                albums: {
                                    _id: string;
                                    artistID: string;
                                    artwork: string | null;
                                    artworkPath: string;
                                    createdAt: string;
                                    id: string;
                                    linerNotes: string;
                                    name: string;
                                    songs: string[];
                                    updatedAt: string;
                                }[];
                                approvedAt: string | null;
                                bannerImagePath: string | null;
                                bio: string;
                                createdAt: string;
                                featuredBio: string | null;
                                featuredPosition: number;
                                genre: {
                                    _id: string;
                                    artwork: string | null;
                                    id: string;
                                    label: string;
                                } | null;
                                genreID: string | null;
                                hfmPicksOptIn: boolean;
                                hifives: number;
                                id: string;
                                isExclusive: boolean;
                                isFeatured: boolean;
                                name: string;
                                photos: string[];
                                readySongs?: number;
                                scoreMatrix: {
                                    label: string;
                                    score: number;
                                }[];
                                searchStatus: {
                                    isSearchable: boolean;
                                };
                                songDirectory: string;
                                songs: {
                                    _id: string;
                                    active: boolean;
                                    additionalArtists: string | null;
                                    albumID: string | null;
                                    albumIDs: string[];
                                    artistID: string;
                                    comment: string | null;
                                    createdAt: string;
                                    /** @enum {string|null} */
                                    downloads: "preparing" | "ready" | "failed" | null;
                                    duration: number | null;
                                    embedCode: string | null;
                                    explicit: boolean;
                                    failureReason: string | null;
                                    fullPreviewPosition: number;
                                    hifives: number;
                                    id: string;
                                    isExclusive: boolean;
                                    isFullPreview: boolean;
                                    ISRC: string | null;
                                    loudness: {
                                        integratedLufs: number;
                                        lra: number;
                                        truePeakDb: number;
                                    } | null;
                                    plays: number;
                                    publisher: string | null;
                                    releaseAt: string | null;
                                    releaseDate: string | null;
                                    songWriters: string | null;
                                    /** @enum {string} */
                                    status: "pending" | "uploading" | "ready" | "failed";
                                    title: string;
                                    trackNumber: number | null;
                                    updatedAt: string;
                                }[];
                                /** @enum {string} */
                                status: "PENDING" | "ACTIVE" | "INACTIVE" | "CANCELLED";
                                terminatedAt: string | null;
                                tier: string;
                                totalScore: number;
                                updatedAt: string;
                                user?: {
                                    _id: string;
                                    email: string;
                                    firstName: string;
                                    id: string;
                                    lastName: string;
                                    status: string;
                                };
                                userID: string;
                            } | null;
                            user: {
                                _id: string;
                                createdAt: string;
                                dob: string | null;
                                email: string;
                                firstName: string;
                                gender: string | null;
                                hfmPicksOptIn: boolean;
                                hiFived: {
                                    id: string;
                                    itemID: string;
                                }[];
                                id: string;
                                lastName: string;
                                location: string | null;
                                name: string;
                                phoneNumber: string | null;
                                profileImage: string | null;
                                profileImagePath: string | null;
                                /** @enum {string} */
                                role: "ADMIN" | "ARTIST" | "SUBSCRIBER";
                                status: string;
                                subscribedTo: {
                                    artistID: string;
                                }[];
                                updatedAt: string;
                                userName: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embed/album/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An embeddable player of an ACTIVE artist's album, its released songs in album order; size small (one row) or large (with the track list), theme light or dark */
        get: {
            parameters: {
                query?: {
                    size?: "small" | "large";
                    theme?: "light" | "dark";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The embed page (text/html), which any site may frame */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embed/artist/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An embeddable player of an ACTIVE artist's released songs (id: the artist's slug); size small (one row) or large (with the track list), theme light or dark */
        get: {
            parameters: {
                query?: {
                    size?: "small" | "large";
                    theme?: "light" | "dark";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The embed page (text/html), which any site may frame */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embed/song/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An embeddable player of one released song of an ACTIVE artist; size small (one row) or large (with the track list), theme light or dark */
        get: {
            parameters: {
                query?: {
                    size?: "small" | "large";
                    theme?: "light" | "dark";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The embed page (text/html), which any site may frame */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oembed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** oEmbed (https://oembed.com): the embed of an artist, album or embed address on this site, as a rich iframe within maxwidth and maxheight; 404 for any other address, 501 for a format other than json */
        get: {
            parameters: {
                query: {
                    format?: string;
                    maxheight?: number;
                    maxwidth?: number;
                    url: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            author_name: string;
                            author_url: string;
                            cache_age: number;
                            height: number;
                            html: string;
                            /** @enum {string} */
                            provider_name: "HFM";
                            provider_url: string;
                            thumbnail_height?: number;
                            thumbnail_url?: string;
                            thumbnail_width?: number;
                            title: string;
                            /** @enum {string} */
                            type: "rich";
                            /** @enum {string} */
                            version: "1.0";
                            width: number;
                        };
                    };
                };
                /** @description Default Response */
                501: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                /** @enum {string} */
                                code: "NOT_IMPLEMENTED";
                                message: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
