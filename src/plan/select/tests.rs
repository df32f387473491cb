use super::*;

fn fit(total: f64, in_name: usize) -> Fit {
    Fit {
        own: total,
        total,
        strong: true,
        in_name,
        ..Fit::default()
    }
}

#[test]
fn a_near_tie_goes_to_the_skill_whose_name_holds_the_words() {
    assert_eq!(pick(&[fit(1.10, 0), fit(1.09, 2)], |_| true), Some(1));
    assert_eq!(pick(&[fit(1.09, 2), fit(1.10, 0)], |_| true), Some(0));
    // Beyond the tie, evidence decides.
    assert_eq!(pick(&[fit(1.30, 0), fit(1.09, 2)], |_| true), Some(0));
    // Equal names: evidence decides, the first of equals kept.
    assert_eq!(pick(&[fit(1.10, 1), fit(1.09, 1)], |_| true), Some(0));
    assert_eq!(pick(&[fit(1.10, 1), fit(1.10, 1)], |_| true), Some(0));
}

#[test]
fn the_choice_does_not_depend_on_the_order_of_the_fits() {
    // A and B tie by name words, B and C too, A and C do not: only the
    // fits near the best (C) compete, and of those B's name wins.
    let fits = [fit(1.00, 2), fit(1.04, 1), fit(1.08, 0)];
    let orders = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    for order in orders {
        let shuffled: Vec<Fit> = order.iter().map(|&i| fits[i]).collect();
        let got = pick(&shuffled, |_| true).map(|i| order[i]);
        assert_eq!(got, Some(1), "order {order:?}");
    }
    // A fit under the gate never competes.
    let mut weak = fit(1.09, 3);
    weak.strong = false;
    assert_eq!(pick(&[weak, fit(1.08, 0)], |_| true), Some(1));
    assert_eq!(pick(&[], |_| true), None);
}

#[test]
fn the_other_clauses_words_do_not_lift_a_fit_with_little_of_its_own() {
    // A: 0.82 of its own, little context. B: 0.40 of its own (just over
    // the gate) and 2.4 from the other clause's words, where it belongs.
    let a = Fit {
        own: 0.82,
        total: 0.90,
        strong: true,
        ..Fit::default()
    };
    let b = Fit {
        own: 0.40,
        total: 1.00,
        strong: true,
        ..Fit::default()
    };
    assert_eq!(pick(&[a, b], |_| true), Some(0));
    assert_eq!(pick(&[b, a], |_| true), Some(1));
    // Under OWN_SHARE (0.7) of the best of its own, context does not
    // lift it either; with that share, context breaks the tie as before.
    let b = Fit { own: 0.55, ..b };
    assert_eq!(pick(&[a, b], |_| true), Some(0));
    let b = Fit { own: 0.58, ..b };
    assert_eq!(pick(&[a, b], |_| true), Some(1));
}
