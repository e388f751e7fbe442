package io.railscope.store;

import io.railscope.model.Silence;
import io.railscope.notify.SilenceStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** Silences, kept until a week after they end. */
@ApplicationScoped
public class PanacheSilenceStore implements SilenceStore {

    private static final Duration KEPT_AFTER_END = Duration.ofDays(7);

    @Override
    @Transactional
    public void create(Silence silence) {
        try {
            SilenceEntity.of(silence).persist();
        } catch (PersistenceException e) {
            throw new StoreException("keeping a silence failed: " + e.getMessage(), e);
        }
    }

    /** Ends a silence now (an earlier end stands); false when there is none with that id. */
    @Override
    @Transactional
    public boolean expire(UUID id, Instant now) {
        try {
            SilenceEntity silence = SilenceEntity.findById(id);
            if (silence == null) {
                return false;
            }
            if (silence.expiredAt == null || silence.expiredAt.isAfter(now)) {
                silence.expiredAt = now;
            }
            return true;
        } catch (PersistenceException e) {
            throw new StoreException("expiring a silence failed: " + e.getMessage(), e);
        }
    }

    /** Silences not yet a week past their end (or their expiry, when that came first), newest first. */
    @Override
    @Transactional
    public List<Silence> recent(Instant now) {
        try {
            List<SilenceEntity> silences = SilenceEntity.list(
                    "endsAt > ?1 and (expiredAt is null or expiredAt > ?1) order by createdAt desc",
                    now.minus(KEPT_AFTER_END));
            return silences.stream().map(SilenceEntity::silence).toList();
        } catch (PersistenceException e) {
            throw new StoreException("reading silences failed: " + e.getMessage(), e);
        }
    }
}
