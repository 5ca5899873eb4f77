//! The computations a question about the spending may ask for, by name (the model
//! chooses one by its name).

/// What a question about the spending asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stat {
    /// The single biggest expense.
    Biggest,
    /// The single smallest expense.
    Smallest,
    /// The category with the largest total.
    TopCategory,
    /// The total of each category.
    ByCategory,
    /// The total of the span.
    Total,
    /// The average per day.
    DailyAverage,
    /// The average per week.
    WeeklyAverage,
    /// The average per month.
    MonthlyAverage,
    /// The span's total against the span of the same length before it.
    ComparePrevious,
}

impl Stat {
    /// Every computation, in the order the model is offered them.
    pub const ALL: [Stat; 9] = [
        Stat::Biggest,
        Stat::Smallest,
        Stat::TopCategory,
        Stat::ByCategory,
        Stat::Total,
        Stat::DailyAverage,
        Stat::WeeklyAverage,
        Stat::MonthlyAverage,
        Stat::ComparePrevious,
    ];

    /// The computation's snake_case name, as the model names it.
    pub fn name(self) -> &'static str {
        match self {
            Stat::Biggest => "biggest",
            Stat::Smallest => "smallest",
            Stat::TopCategory => "top_category",
            Stat::ByCategory => "by_category",
            Stat::Total => "total",
            Stat::DailyAverage => "daily_average",
            Stat::WeeklyAverage => "weekly_average",
            Stat::MonthlyAverage => "monthly_average",
            Stat::ComparePrevious => "compare_previous",
        }
    }

    /// The computation called `name` ([`Stat::name`]), if there is one.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.name() == name.trim())
    }
}
